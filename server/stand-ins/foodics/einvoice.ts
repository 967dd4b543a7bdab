// The POS's own e-invoice QR as the Foodics stand-in serves it (docs/POS.md, "Foodics: orders"; docs/ARCHITECTURE.md,
// VAT on the receipt): a phase-2 style QR made from a VAT number, the order's total and its VAT, for the tests of
// "the POS's own QR". Apart from the API so the webhooks and the answers put it on an order the same way.
import { zatcaQrText } from '../../vat/zatca';
import { FIXTURE } from './fixture';
import { EGYPT_DEVICES, type StandInOrder } from './model';

/** An e-invoice QR as a phase-2 POS makes it: ZATCA's tags 1-5, then 6 a hash, 7 a signature, 8 a public key and
 * 9 the CA's stamp signature. The stand-in's 6-9 are made-up bytes of the right kind, not a real signature:
 * Specter checks that they are there and that tags 2, 4 and 5 are the receipt's (server/vat/zatcaTlv.ts). */
export function standInEInvoiceQr(f: Parameters<typeof zatcaQrText>[0]): string {
  const head = Buffer.from(zatcaQrText(f), 'base64');
  const seed = Buffer.from(`${f.vatNumber}|${f.timestamp}|${f.total}`, 'utf8');
  const bytes = (n: number, salt: number) =>
    Buffer.from(Array.from({ length: n }, (_, i) => (seed[i % seed.length] * 31 + i * 7 + salt) & 0xff));
  const tail = Buffer.concat(
    [
      [6, Buffer.from(bytes(32, 6).toString('base64'), 'utf8')],
      [7, Buffer.from(bytes(70, 7).toString('base64'), 'utf8')],
      [8, bytes(88, 8)],
      [9, bytes(72, 9)],
    ].map(([tag, value]) => Buffer.concat([Buffer.from([tag as number, (value as Buffer).length]), value as Buffer])),
  );
  return Buffer.concat([head, tail]).toString('base64');
}

/** The VAT the stand-in puts on an order: 15 % of each line that is not void, rounded as its lines are. */
const standInVat = (o: StandInOrder) =>
  o.products.filter((l) => l.status !== 5).reduce((sum, l) => sum + Math.round(l.total_price * 15_000) / 100_000, 0);

/** The order with the POS's own e-invoice QR when the stand-in serves one (setEInvoiceVatNumber). */
export const withQr = (o: StandInOrder, eInvoiceVatNumber: string | null): StandInOrder =>
  eInvoiceVatNumber && !o.zatca_qr && !EGYPT_DEVICES.has(o.device_id)
    ? {
        ...o,
        zatca_qr: standInEInvoiceQr({
          sellerName: FIXTURE.business.name,
          vatNumber: eInvoiceVatNumber,
          timestamp: `${(o.closed_at ?? o.created_at).replace(' ', 'T')}Z`,
          total: o.total_price,
          vat: standInVat(o),
        }),
      }
    : o;
