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
};

/**
 * A 400 naming a field ("logo: must be an http(s) URL", server/plugins/errors.ts) as react-admin's server-side
 * validation error (`body.errors`): the form shows it beside that field, in the admin's language. Anything else
 * passes unchanged.
 */
export function withFieldErrors(err: unknown): unknown {
  if (!(err instanceof HttpError) || err.status !== 400) return err;
  const m = /^([A-Za-z_][\w.]*): (.+)$/.exec(err.message);
  if (!m) return err;
  const [, field, text] = m;
  const body = typeof err.body === 'object' && err.body !== null ? err.body : {};
  return new HttpError(err.message, err.status, { ...body, errors: { [field]: FIELD_MESSAGES[text] ?? text } });
}
