// The reasons the system writes on ledger entries it makes itself (a voided or returned order's take-back and
// give-back, a redemption's discount at the till, an expiry, a consent withdrawn): one English sentence per kind
// of event, stored as written (the API and the CSV give it so), and read back here so the back-office's Ledger can
// say it in the admin's language (resources.ledger.reasons.*). A reason an account typed is matched by none and shown
// as typed. The sentences are the ones already stored: changing one leaves older entries in English.
export const SYSTEM_REASONS = {
  takenBack: 'order {how}: the points it earned taken back',
  takenBackShort:
    'order {how}: {earned} points earned, {taken} taken back; the balance stopped at zero ({short} not taken)',
  givenBack: 'order {how}: the reward redeemed on it given back',
  redeemedAtTill: 'redeemed at the till: {discount} off the order',
  expired: 'no earn or redeem for {days} days: the balance expired',
  leftProgram: 'left the program (consent withdrawn): the balance forfeited',
} as const;

export type SystemReason = keyof typeof SYSTEM_REASONS;
/** How an order stopped counting: voided at the till or returned. */
export type OrderEnd = 'void' | 'returned';

/** A value's place in a sentence: `{name}`. */
export const PLACEHOLDER = /\{(\w+)\}/g;

/** A system reason's sentence with its values filled in. */
export function systemReason(id: SystemReason, values: Record<string, string | number> = {}): string {
  return SYSTEM_REASONS[id].replace(PLACEHOLDER, (_, name: string) => String(values[name] ?? `{${name}}`));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const READERS = (Object.keys(SYSTEM_REASONS) as SystemReason[]).map((id) => {
  const parts = SYSTEM_REASONS[id].split(PLACEHOLDER);
  // split with a capture group alternates text and placeholder names: even indexes text, odd names.
  const names = parts.filter((_, i) => i % 2 === 1);
  const pattern = parts.map((p, i) => (i % 2 === 1 ? '(.+?)' : escape(p))).join('');
  return { id, names, re: new RegExp(`^${pattern}$`) };
});

/** Which system reason a stored sentence is, with its values; null for a reason an account typed. */
export function readSystemReason(text: string): { id: SystemReason; values: Record<string, string> } | null {
  for (const { id, names, re } of READERS) {
    const m = re.exec(text);
    if (m) return { id, values: Object.fromEntries(names.map((n, i) => [n, m[i + 1]])) };
  }
  return null;
}

/** The English sentence split around one placeholder (the expiry, written in SQL: `before || days || after`). */
export function aroundPlaceholder(id: SystemReason, name: string): [string, string] {
  const [before, after = ''] = SYSTEM_REASONS[id].split(`{${name}}`);
  return [before, after];
}
