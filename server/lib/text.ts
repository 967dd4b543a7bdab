// Well-formed text (issue 48 item 6): a JavaScript string may hold a lone UTF-16 surrogate, which no UTF-8 can
// carry (the database drivers refuse or mangle it). Input is refused with a 400 before any handler runs
// (server/plugins/errors.ts); what a refused call records (a failed sign-in's e-mail) is made well-formed first.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const EVERY_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source, 'g');
/** Any surrogate at all: most text has none, and is then well-formed without the longer test. */
const SURROGATE = /[\uD800-\uDFFF]/;

/** No lone surrogate (String.prototype.isWellFormed, whatever the TypeScript lib). */
export const isWellFormedText = (s: string) => !SURROGATE.test(s) || !LONE_SURROGATE.test(s);

/** The text with each lone surrogate replaced by U+FFFD (String.prototype.toWellFormed). */
export const wellFormedText = (s: string) => s.replace(EVERY_LONE_SURROGATE, '\uFFFD');
