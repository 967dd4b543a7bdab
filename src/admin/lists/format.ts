// Dates, times and dashes for the back-office (docs/ARCHITECTURE.md, The back-office's first hour): one date
// format and one date-time format per language on every screen, read through these helpers only -
// English "22 Nov 2026" and "22 Nov 2026, 12:10", Arabic "22 نوفمبر 2026" and "22 نوفمبر 2026، 12:10" (Latin
// digits, as everywhere in the product's Arabic; 24-hour times). '-' when missing (docs/PRODUCT.md, Screens). The
// formats live in src/contract/dates.ts, shared with the public pages and the shared receipt.
export { dash, dayMonth, localDate, localDateTime, wallDateTime, wallTime } from '../../contract/dates';

export { money } from '../../lib/money';
