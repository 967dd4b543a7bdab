// The QR of a simplified tax invoice, ZATCA e-invoicing phase 1: five TLV fields (tag byte, length byte,
// UTF-8 value), concatenated and base64-encoded. Tags: 1 seller's name, 2 VAT registration number,
// 3 time stamp (ISO 8601), 4 invoice total with VAT, 5 VAT total (docs/ARCHITECTURE.md, VAT).
export interface ZatcaFields {
  sellerName: string;
  vatNumber: string;
  timestamp: string;
  total: number;
  vat: number;
}

/** A value's UTF-8 bytes, cut to 255 (one length byte) without splitting a character. */
function utf8Max255(value: string): Buffer {
  let bytes = Buffer.from(value, 'utf8');
  let text = value;
  while (bytes.length > 255) {
    text = [...text].slice(0, -1).join('');
    bytes = Buffer.from(text, 'utf8');
  }
  return bytes;
}

export function zatcaQrText(f: ZatcaFields): string {
  const values = [f.sellerName, f.vatNumber, f.timestamp, f.total.toFixed(2), f.vat.toFixed(2)];
  return Buffer.concat(
    values.map((v, i) => {
      const bytes = utf8Max255(v);
      return Buffer.concat([Buffer.from([i + 1, bytes.length]), bytes]);
    }),
  ).toString('base64');
}
