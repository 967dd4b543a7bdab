// Orders carry the codes of CURRENCIES (common.ts); EGY and RMB are not ISO 4217, so screens and CSV exports write
// the codes a customer and an accountant know. No zod here: the invoice page's bundle imports it (src/lib/money.ts).
const ISO_CURRENCIES: Record<string, string> = { EGY: 'EGP', RMB: 'CNY' };

/** The ISO 4217 code of an order's currency, as every screen and export writes it. */
export const isoCurrency = (code: string) => ISO_CURRENCIES[code] ?? code;
