// The server's fixed English sentences the back-office shows, in the admin's language: a POS's refusal kept in a
// restaurant's sync_error, and the field messages of a 400 ("logo: must be an http(s) URL"), which react-admin
// then shows beside their field (docs/ARCHITECTURE.md, The back-office's first hour). A sentence not listed here
// is shown as the server wrote it.
import { HttpError } from 'ra-core';
import { useTranslate } from 'ra-core';

/** The POS's reasons (server/pos), as the server stores them, and their keys under specter.pos. */
export const POS_REASONS: Record<string, string> = {
  "The restaurant's point-of-sale connection is not authorised; the restaurant must renew its token": 'unauthorised',
  'The point-of-sale system is busy, please try again shortly': 'busy',
  'The point-of-sale system did not answer in time, please try again': 'timeout',
  'The point-of-sale system cannot be reached, please try again shortly': 'unreachable',
  'Not found at the point-of-sale system': 'notFound',
  'The point-of-sale system answered with an error, please try again shortly': 'failed',
  'The point-of-sale system sent an answer we could not read': 'unreadable',
  'The point-of-sale system could not be read': 'couldNotRead',
  // One business, one restaurant (docs/POS.md): a sync's error, and migration 0023's for a business connected twice.
  'This Foodics business is already connected to another restaurant here: reconnect that one instead':
    'businessElsewhere',
};
const NO_ADAPTER = /^No point-of-sale adapter for system type (.+)$/;

/** A POS's reason in the admin's language (as written when unknown). */
export function usePosReason() {
  const t = useTranslate();
  return (reason: string) => {
    const key = POS_REASONS[reason];
    if (key) return t(`specter.pos.${key}`);
    const type = NO_ADAPTER.exec(reason)?.[1];
    return type ? t('specter.pos.noAdapter', { type }) : reason;
  };
}

/** The server's field messages (src/contract) and their translation keys. */
const FIELD_MESSAGES: Record<string, string> = {
  Required: 'specter.validation.required',
  'must be an http(s) URL': 'specter.validation.httpUrl',
  'must be 15 digits starting and ending with 3': 'specter.restaurants.vatNumberInvalid',
  'must be a time zone name such as Asia/Riyadh': 'specter.restaurants.timeZoneInvalid',
  // Text refused before any handler (server/plugins/errors.ts TEXT_FLAWS).
  'must not contain a NUL character': 'specter.validation.noNul',
  'must be well-formed text': 'specter.validation.wellFormed',
  // Loyalty's programs, rewards and adjustments (src/contract/loyalty.ts; their texts: src/resources/loyalty).
  'is required': 'resources.loyalty.errors.required',
  'letters, digits, - and _ only': 'resources.loyalty.errors.codeChars',
  'this restaurant already has (or had) a reward with this code; codes are never reused':
    'resources.loyalty.errors.codeTaken',
  'must be a whole number of points': 'resources.loyalty.errors.wholePoints',
  'must be at least 1': 'resources.loyalty.errors.atLeastOne',
  'is too large': 'resources.loyalty.errors.tooLarge',
  'must be at most 1000000000': 'resources.loyalty.errors.tooLarge',
  'must be at most 40 characters': 'resources.loyalty.errors.tooLong',
  'must be at most 120 characters': 'resources.loyalty.errors.tooLong',
  'must be at most 200 characters': 'resources.loyalty.errors.tooLong',
  'must be more than 0': 'resources.loyalty.errors.moreThanZero',
  'must be 0 or more': 'resources.loyalty.errors.zeroOrMore',
  'a percent must be at most 100': 'resources.loyalty.errors.percentMax',
  'must be a whole number of products': 'resources.loyalty.errors.wholeProducts',
  'name at least one product': 'resources.loyalty.errors.oneProduct',
  'a percent reward needs its largest discount': 'resources.loyalty.errors.percentCap',
  'must be at most 100': 'resources.loyalty.errors.atMost100',
  'must be a whole number of days': 'resources.loyalty.errors.wholeDays',
  'must be at most 3650': 'resources.loyalty.errors.atMost3650',
  'must not be 0': 'resources.loyalty.errors.notZero',
  'must be a whole number': 'resources.loyalty.errors.wholeNumber',
  'the balance cannot go below zero': 'resources.loyalty.errors.belowZero',
};

/**
 * A 400 naming a field ("logo: must be an http(s) URL", server/plugins/errors.ts) - or a 409 naming one (a reward's
 * code a restaurant has had) - as react-admin's server-side validation error (`body.errors`): the form shows it
 * beside that field, in the admin's language. Anything else passes unchanged.
 */
export function withFieldErrors(err: unknown): unknown {
  if (!(err instanceof HttpError) || (err.status !== 400 && err.status !== 409)) return err;
  const m = /^([A-Za-z_][\w.]*): (.+)$/.exec(err.message);
  if (!m) return err;
  const [, field, text] = m;
  const body = typeof err.body === 'object' && err.body !== null ? err.body : {};
  return new HttpError(err.message, err.status, { ...body, errors: { [field]: FIELD_MESSAGES[text] ?? text } });
}

/** The server's sentences to an admin (server/routes, server/plugins/auth.ts) and their keys under specter.server;
 * a value with `%{...}` is matched as a pattern whose groups fill those names. */
const SERVER_SENTENCES: [RegExp, string, string[]?][] = [
  [/^Restaurant not found$/, 'restaurantNotFound'],
  [/^Admin not found$/, 'adminNotFound'],
  [/^App user not found$/, 'appUserNotFound'],
  [/^Order not found$/, 'orderNotFound'],
  [/^Guest not found$/, 'guestNotFound'],
  [/^Member not found$/, 'memberNotFound'],
  [/^Reward not found$/, 'rewardNotFound'],
  [/^Branch not found$/, 'branchNotFound'],
  [/^Device not found$/, 'deviceNotFound'],
  [/^Not found$/, 'notFound'],
  [/^restaurantId: choose one of your restaurants$/, 'chooseRestaurant'],
  [/^from: must not be after to$/, 'fromAfterTo'],
  [/^The period can be at most (\d+) days$/, 'periodTooLong', ['days']],
  [/^Your session has expired, please sign in again$/, 'sessionExpired'],
  [/^A manager adds staff only$/, 'managerAddsStaff'],
  [/^An admin with this email already exists$/, 'emailTaken'],
  [/^The last admin cannot be removed$/, 'lastAdmin'],
  [/^The last admin must stay an admin$/, 'lastAdminRole'],
  [/^You cannot raise your own role$/, 'ownRole'],
  [/^You cannot widen your own restaurants$/, 'ownRestaurants'],
  [/^restaurantIds: a (\w+) needs at least one restaurant$/, 'restaurantsNeeded', ['role']],
  [/^restaurantIds: every id must be a live restaurant$/, 'restaurantsLive'],
  [/^restaurantIds: an admin sees every restaurant; leave it empty$/, 'adminNoRestaurants'],
  [/^This number is not locked$/, 'notLocked'],
  [/^The current password is wrong$/, 'passwordWrong'],
  [/^Forbidden$/, 'forbidden'],
  [/^Change your own password with your current one$/, 'ownPassword'],
  [/^newPassword: Should not be less than 8 characters$/, 'passwordMin'],
];

/** The translation key (and its values) of a server sentence the back-office knows, or undefined. */
export function serverSentence(message: string): { key: string; args: Record<string, string> } | undefined {
  for (const [pattern, key, names = []] of SERVER_SENTENCES) {
    const m = pattern.exec(message);
    if (m) return { key: `specter.server.${key}`, args: Object.fromEntries(names.map((n, i) => [n, m[i + 1]])) };
  }
  const pos = POS_REASONS[message];
  if (pos) return { key: `specter.pos.${pos}`, args: {} };
  const field = /^([A-Za-z_][\w.]*): (.+)$/.exec(message);
  if (field && FIELD_MESSAGES[field[2]]) return { key: FIELD_MESSAGES[field[2]], args: {} };
  return undefined;
}

/** What the server said when a request failed (its `{ message }`), or undefined when it gave no reason (no answer,
 * an answer without a message). */
export function serverReason(err: unknown): string | undefined {
  if (!(err instanceof HttpError)) return undefined;
  const body = err.body as { message?: unknown } | undefined;
  return typeof body?.message === 'string' && body.message ? body.message : undefined;
}

/**
 * A failed request in the admin's language, for a page or a dialog: the server's sentence, translated when the
 * back-office knows it and as written otherwise; react-admin's generic "Server communication error" only when the
 * server gave no reason (issue 49). Notifications get the same through the i18n provider (src/admin/i18n).
 */
export function useServerMessage() {
  const t = useTranslate();
  return (err: unknown) => {
    const reason = serverReason(err);
    if (!reason) return t('ra.notification.http_error');
    const known = serverSentence(reason);
    return known ? t(known.key, known.args) : reason;
  };
}
