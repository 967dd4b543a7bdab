// Reading a ZATCA e-invoice QR (docs/ARCHITECTURE.md, VAT on the receipt): base64 of TLV fields, each a tag
// byte, a length byte and the value. Phase 2's QR of a simplified tax invoice carries tags 1-9: 1 seller's
// name, 2 VAT number, 3 time stamp, 4 total with VAT, 5 VAT total (UTF-8 text), 6 the invoice's hash, 7 its
// ECDSA signature, 8 the public key, 9 ZATCA's CA signature of the stamp (bytes). A POS's QR is shown only when
// it reads as such and tags 2, 4 and 5 agree with the receipt: what a POS or a webhook sends is never drawn
// as it came (issue 29).

export interface ZatcaQr {
  sellerName: string;
  vatNumber: string;
  timestamp: string;
  total: number;
  vat: number;
  /** Tags 6-9 are present and not empty (the signed e-invoice's stamp). */
  signed: boolean;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Longest QR text read (a phase-2 QR is a few hundred characters). */
const MAX_TEXT = 2000;

/** The QR's fields, or null when the text is not a well-formed ZATCA TLV with tags 1-5. */
export function readZatcaQr(text: string): ZatcaQr | null {
  if (typeof text !== 'string' || text.length > MAX_TEXT || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  const buf = Buffer.from(text, 'base64');
  if (buf.toString('base64') !== text) return null;
  const fields = new Map<number, Buffer>();
  for (let i = 0; i < buf.length;) {
    if (i + 2 > buf.length) return null;
    const tag = buf[i];
    const len = buf[i + 1];
    if (tag < 1 || tag > 9 || fields.has(tag) || i + 2 + len > buf.length) return null;
    fields.set(tag, buf.subarray(i + 2, i + 2 + len));
    i += 2 + len;
  }
  const textOf = (tag: number) => {
    const bytes = fields.get(tag);
    if (!bytes?.length) return null;
    try {
      return utf8.decode(bytes);
    } catch {
      return null;
    }
  };
  const [sellerName, vatNumber, timestamp, total, vat] = [1, 2, 3, 4, 5].map(textOf);
  if (!sellerName || !vatNumber || !timestamp || !total || !vat) return null;
  if (!/^\d+(\.\d+)?$/.test(total) || !/^\d+(\.\d+)?$/.test(vat)) return null;
  if (Number.isNaN(Date.parse(timestamp))) return null;
  const signed = [6, 7, 8, 9].every((tag) => (fields.get(tag)?.length ?? 0) > 0);
  return { sellerName, vatNumber, timestamp, total: Number(total), vat: Number(vat), signed };
}

/** Same amount to the halala (ZATCA's amounts have 2 decimals). */
const sameMoney = (a: number, b: number) => Math.abs(Math.round(a * 100) - Math.round(b * 100)) === 0;

/** True when the POS's QR text is a signed (phase-2) ZATCA QR of this receipt: tags 6-9 present, and its VAT
 * number, total and VAT are the receipt's. */
export function posQrMatches(text: string, receipt: { vatNumber: string; total: number; vat: number }): boolean {
  const qr = readZatcaQr(text);
  return (
    qr !== null &&
    qr.signed &&
    qr.vatNumber === receipt.vatNumber &&
    sameMoney(qr.total, receipt.total) &&
    sameMoney(qr.vat, receipt.vat)
  );
}
