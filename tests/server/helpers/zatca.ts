// Reads a ZATCA phase-1 QR text back, independently of the product's encoder (server/vat/zatca.ts): base64,
// then TLV fields of one tag byte, one length byte (the value's UTF-8 bytes) and the value, in the order
// they were written. A length that runs past the end is an error, not a shorter value.

export interface TlvField {
  tag: number;
  /** The value's bytes as written. */
  bytes: Buffer;
  /** The value as UTF-8 text (fatal: a cut inside a character throws). */
  value: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The fields in the order of their bytes. */
export function readTlv(base64: string): TlvField[] {
  const buf = Buffer.from(base64, 'base64');
  const fields: TlvField[] = [];
  for (let i = 0; i < buf.length;) {
    if (i + 2 > buf.length) throw new Error(`TLV cut after byte ${i}`);
    const tag = buf[i];
    const len = buf[i + 1];
    if (i + 2 + len > buf.length) throw new Error(`TLV tag ${tag} says ${len} bytes, ${buf.length - i - 2} left`);
    const bytes = buf.subarray(i + 2, i + 2 + len);
    fields.push({ tag, bytes, value: utf8.decode(bytes) });
    i += 2 + len;
  }
  return fields;
}

/** tag -> value (for checks that do not care about order; readTlv when they do). */
export function decodeZatcaQr(base64: string): Record<number, string> {
  return Object.fromEntries(readTlv(base64).map((f) => [f.tag, f.value]));
}
