// The sentences the code service answers with (docs/SECURITY.md): one for every wrong, expired, used or exhausted
// code, and the refusals of the limits, each saying its wait. They are the customer's: server/i18n catalogues them.
import { HttpError } from '../lib/errors';

export const WRONG_CODE = 'The code is wrong or has expired, please ask for a new one';
/** A wrong code's answer: the one message for wrong, expired, used or exhausted codes, and `triesLeft`, the
 * guesses the phone's live code still takes (0: none is live, ask for a new one). The page stays on the code step
 * while it is above 0 (issue 49, docs/CUSTOMER.md). */
export const wrongCode = (triesLeft: number) => new HttpError(400, WRONG_CODE, {}, { triesLeft });
export const INVALID_PHONE = 'phone: Enter a valid mobile number';
export const LOCKED = 'This number is locked after too many wrong codes, please contact us';
export const SLOW_DOWN = 'Too many attempts, please try again later';
// "Too many attempts" is said after wrong codes only. A limit on codes asked for says so, with its wait in the
// sentence: the phone's own sends, or (a crowd behind one address, a busy till) the sends of a place.
export const tooManyCodes = (wait: string) => `You asked for several codes; try again in ${wait}`;
export const busyHere = (wait: string) => `Many codes were asked for here; try again in ${wait}`;
/** A wait that would outlast the receipt's claim window: no wait is promised that could not be kept. */
export const NO_LONGER_SAVEABLE =
  'This receipt can no longer be saved: its time ends before another code could be sent';
