// What a device's QR code holds (docs/PRODUCT.md, Entities): JSON with 1 = restaurant id, 2 = device id (its POS id),
// 3 = the absolute link to the public invoice page. And the PNG file names of docs/PRODUCT.md, States.
export const QR_SIZE = 255;
export const QR_LOGO_SIZE = 40;
export const QR_LEVEL = 'H' as const;
export const QR_FOREGROUND = '#4a4a4a';
export const QR_BACKGROUND = '#ffffff';
export const PRODUCT_LOGO = '/logo.svg';

export function invoiceLink(publicUrl: string, restId: number | string, deviceId: string): string {
  const url = new URL('/user/invoice', publicUrl);
  url.searchParams.set('restId', String(restId));
  url.searchParams.set('deviceId', deviceId);
  return url.toString();
}

export function qrContent(publicUrl: string, restId: number | string, deviceId: string): string {
  return JSON.stringify({ 1: restId, 2: deviceId, 3: invoiceLink(publicUrl, restId, deviceId) });
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
