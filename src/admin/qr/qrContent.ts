// What a device's QR code holds (docs/PRODUCT.md, Entities): JSON with 1 = restaurant id, 2 = device id (its POS id),
// 3 = the absolute link to the public invoice page. And the PNG file names of docs/PRODUCT.md, States.
export const QR_SIZE = 255;
export const QR_LOGO_SIZE = 40;
export const QR_LEVEL = 'H' as const;
/** The margin around the modules, in modules: the quiet zone ISO/IEC 18004 asks for (issue 49: a camera that
 * cannot find the code's edge does not read it). */
export const QR_QUIET_ZONE = 4;
export const QR_FOREGROUND = '#4a4a4a';
export const QR_BACKGROUND = '#ffffff';
export const PRODUCT_LOGO = '/logo.svg';

/** The invoice page's link of a till; with its link key (`key`, docs/SECURITY.md "Till links") whenever the
 * till has one: every link Specter prints carries it. */
export function invoiceLink(publicUrl: string, restId: number | string, deviceId: string, linkKey?: string): string {
  const url = new URL('/user/invoice', publicUrl);
  url.searchParams.set('restId', String(restId));
  url.searchParams.set('deviceId', deviceId);
  if (linkKey) url.searchParams.set('key', linkKey);
  return url.toString();
}

/** Keys 1 and 2 stay as the Specter app reads them; key 3, the link, carries the till's link key. */
export function qrContent(publicUrl: string, restId: number | string, deviceId: string, linkKey?: string): string {
  return JSON.stringify({ 1: restId, 2: deviceId, 3: invoiceLink(publicUrl, restId, deviceId, linkKey) });
}

export type QrLevel = 'restaurant' | 'branch' | 'device';

export function qrFileName(
  level: QrLevel,
  device: { name: string; device_id: string },
  restaurantName?: string,
): string {
  const base = `${device.name} - ${device.device_id}.png`;
  return level === 'restaurant' ? `${restaurantName} - ${base}` : base;
}
