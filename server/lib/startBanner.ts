// What `npm start` prints once it listens: the address, the sign-in, and - in the demo - a receipt to open
// and whether a phone could open the QR links at all (docs/DEPLOYMENT.md, "The first five minutes").
import os from 'node:os';

/** Loopback and "this machine" names: a phone that scans a QR holding them opens its own self, not Specter. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0']);

export const isLocalOnly = (url: string) => LOCAL_HOSTS.has(new URL(url).hostname);

/** This machine's first IPv4 address on a network a phone can share (Wi-Fi, Ethernet), if any. */
export function lanAddress(): string | undefined {
  for (const addresses of Object.values(os.networkInterfaces())) {
    const found = addresses?.find((a) => a.family === 'IPv4' && !a.internal);
    if (found) return found.address;
  }
  return undefined;
}

/**
 * The lines about QR links: they hold PUBLIC_URL, else the address the back-office was opened at. Either way a
 * loopback address cannot be opened by a phone, so say so and how to fix it.
 */
export function qrLinkAdvice(publicUrl: string | undefined, shown: string, port: number): string[] {
  const base = publicUrl ?? shown;
  if (!isLocalOnly(base)) return publicUrl ? [`  QR links point at ${publicUrl} (PUBLIC_URL)`] : [];
  const lan = lanAddress();
  const example = `http://${lan ?? '<this-computer-ip>'}:${port}`;
  return [
    `  Note: QR links point at ${new URL(base).host}, which phones cannot open (it is this computer's own name).`,
    `        To scan with a phone on the same network, start with PUBLIC_URL=${example} npm start`,
  ];
}

/** The demo receipt to open first: the invoice page of the first till. */
export const invoiceLink = (base: string, till: { restaurantId: number; deviceId: string; linkKey?: string }) =>
  `${base.replace(/\/$/, '')}/user/invoice?restId=${till.restaurantId}&deviceId=${encodeURIComponent(till.deviceId)}` +
  (till.linkKey ? `&key=${encodeURIComponent(till.linkKey)}` : '');

/** How the demo's till plays Foodics' loyalty (issue 47): a member's QR scanned on a new order, an order returned. */
export const tillLoyaltyLines = (standIn: string) => [
  `  Rewards at the till (demo): save a receipt with "Join ...'s rewards", open My receipts, copy the QR's text, then`,
  `        POST ${standIn}/_stand-in/till/scan {"qr": "<the QR's text>"}: the cashier scans it on a new order (its total drops)`,
  `        POST ${standIn}/_stand-in/orders/<order id>/status {"status": 5}: the order is returned (its points come back)`,
];
