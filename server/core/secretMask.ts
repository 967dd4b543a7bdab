// How a POS token is shown to someone who may not read it (issue 26: a manager or staff sees tokens masked).
// One function, so the Foodics connection work (issue 25) can replace how every token is masked in one place.

const MASK = '••••••••';

/** A secret as shown masked: the mask and its last 4 characters (none when it is short). */
export function maskToken(token: string): string {
  if (!token) return token;
  return token.length > 12 ? `${MASK}${token.slice(-4)}` : MASK;
}

/** Whether a value sent back is the masked form of the stored secret (the form sent what it was shown). */
export function isMaskOf(value: string, token: string): boolean {
  return value === maskToken(token) && value !== token;
}
