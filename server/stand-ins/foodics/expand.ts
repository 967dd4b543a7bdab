// An order as Foodics' API writes it (docs/POS.md, "Foodics: orders"): its lines with their VAT, its payments, and
// its branch and till when the call includes them. The API's answers and the webhooks' bodies both write it.
import { FIXTURE_EG } from './fixture';
import { businessOfDevice, type StandInOrder, type World } from './model';

export function expandOrder(o: StandInOrder, include: Set<string>, world?: World) {
  // The order's own business (Saudi or Egyptian); an order of a till the catalogue no longer lists still names
  // the fixture's till.
  const FIXTURE = businessOfDevice(o.device_id);
  const device = (world?.devices.find((d) => d.id === o.device_id) ??
    FIXTURE.devices.find((d) => d.id === o.device_id))!;
  const branch = (world?.branches.find((b) => b.id === o.branch_id) ??
    FIXTURE.branches.find((b) => b.id === o.branch_id))!;
  const { device_id, branch_id, products, payments, ...rest } = o;
  const rate = FIXTURE === FIXTURE_EG ? 14 : 15;
  const out: Record<string, unknown> = { ...rest, meta: { foodics: { device_id } } };
  if (include.has('products') || include.has('products.product')) {
    out.products = products.map((l) => ({
      quantity: l.quantity,
      returned_quantity: l.returned_quantity ?? 0,
      unit_price: l.total_price / l.quantity,
      discount_amount: 0,
      total_price: l.total_price,
      tax_exclusive_total_price: l.total_price,
      status: l.status,
      options: [],
      // The business's VAT on each line (Saudi 15%, Egyptian 14%; Foodics puts taxes on the lines, with the
      // amount in pivot), on what was kept: a returned part carries no tax (the receipt's VAT adds up to its total).
      taxes: [
        {
          id: 'tax-vat',
          name: 'VAT',
          rate,
          pivot: {
            amount:
              Math.round(((l.total_price * (l.quantity - (l.returned_quantity ?? 0))) / l.quantity) * rate * 1000) /
              100_000,
            rate,
          },
        },
      ],
      ...(include.has('products.product') ? { product: FIXTURE.products.find((p) => p.id === l.product_id) } : {}),
    }));
  }
  if (include.has('payments') || include.has('payments.payment_method')) {
    out.payments = payments.map((p) => ({
      amount: p.amount,
      tendered: p.amount,
      tips: 0,
      ...(include.has('payments.payment_method')
        ? { payment_method: FIXTURE.paymentMethods.find((m) => m.id === p.method_id) }
        : {}),
    }));
  }
  if (include.has('branch'))
    out.branch = {
      id: branch.id,
      name: branch.name,
      name_localized: branch.name_localized,
      reference: branch.reference,
    };
  if (include.has('device'))
    out.device = {
      id: device.id,
      name: device.name,
      code: device.code,
      reference: device.reference,
      type: device.type,
    };
  if (include.has('branch') || include.has('device')) {
    out.branch_id = branch_id;
    out.device_id = device_id;
  }
  return out;
}
