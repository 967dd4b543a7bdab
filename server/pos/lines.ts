// The lines of a receipt as the customer paid for them: a POS keeps void and returned lines on the order,
// with the quantity given back in returned_quantity (line status 5 = void, 6 = returned, Foodics' numbering).
// Returned quantities come off their lines, fully void or returned lines are dropped; a partly returned line
// keeps the share of its total that was paid. The order's totals are the POS's own and are not touched.
import type { Invoice } from '../../src/contract';

const VOID = 5;
const RETURNED = 6;

export interface PosLine {
  name: string;
  quantity: number;
  /** How many of quantity were given back; missing = none, unless the line's status is "returned". */
  returnedQuantity?: number | null;
  totalPrice: number;
  status?: number | null;
}

const round5 = (n: number) => Math.round(n * 100_000) / 100_000;

export function paidLines(lines: PosLine[]): Invoice['order_items'] {
  const out: Invoice['order_items'] = [];
  for (const line of lines) {
    if (line.status === VOID) continue;
    const returned = line.returnedQuantity ? line.returnedQuantity : line.status === RETURNED ? line.quantity : 0;
    const kept = line.quantity - returned;
    if (kept <= 0) continue;
    const total =
      returned > 0 && line.quantity > 0 ? round5((line.totalPrice * kept) / line.quantity) : line.totalPrice;
    out.push({ item_name: line.name, item_quantity: round5(kept), total_price: total });
  }
  return out;
}
