// The Foodics stand-in's till as a loyalty adapter's client (docs/POS.md, "Foodics: the loyalty adapter"): the
// cashier scans a member's QR on a new order, the till asks the provider for the reward (POST {url}/reward), takes
// its discount off the order's lines, closes the order and tells the provider it was redeemed (POST {url}/redeem).
import { FIXTURE_EG } from './fixture';
import {
  businessOfDevice,
  catalogueOf,
  type FoodicsStandIn,
  type StandInOrder,
  type StandInState,
  type TillScan,
} from './model';

/** The discount a reward answer (Foodics' loyalty adapter shape) takes off an order's lines before tax. */
export function tillDiscount(
  answer: Record<string, unknown>,
  lines: { product_id: string; total_price: number; status: number }[],
): number {
  const kept = lines.filter((l) => l.status !== 5);
  const subtotal = kept.reduce((sum, l) => sum + l.total_price, 0);
  const amount = Number(answer.discount_amount) || 0;
  const cap = Number(answer.max_discount_amount) || 0;
  let discount: number;
  if (answer.type === 2) {
    const allowed = new Set(((answer.allowed_products as string[] | null) ?? []).map(String));
    const base = kept.filter((l) => allowed.has(l.product_id)).reduce((sum, l) => sum + l.total_price, 0);
    discount = answer.is_percent ? (base * amount) / 100 : Math.min(amount, base);
  } else discount = answer.is_percent ? (subtotal * amount) / 100 : amount;
  if (cap > 0 && (answer.is_percent || answer.type === 2)) discount = Math.min(discount, cap);
  return Math.round(Math.min(discount, subtotal) * 100) / 100;
}

/** One call of the till to the loyalty provider (the one set when it is made): its status and JSON answer. */
async function askLoyalty(state: StandInState, call: 'reward' | 'redeem', payload: Record<string, unknown>) {
  const loyalty = state.loyalty!;
  const res = await fetch(`${loyalty.url.replace(/\/+$/, '')}/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${loyalty.token}` },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(5000),
  });
  const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: res.status, body: answer };
}

/** FoodicsStandIn.scanAtTill: the order is made through the stand-in's `addOrder` (its webhook sent as any). */
export async function scanAtTill(
  state: StandInState,
  addOrder: FoodicsStandIn['addOrder'],
  deviceId: string,
  qr: string,
  opts: { rewardCode?: string } = {},
): Promise<TillScan> {
  if (!state.loyalty) throw new Error('no loyalty provider is set for the till');
  const scanned = JSON.parse(qr) as { customer_mobile_number: string; mobile_country_code: number | string };
  const business = businessOfDevice(deviceId);
  const catalogue = catalogueOf(state, deviceId);
  const device = catalogue.devices.find((d) => d.id === deviceId) ?? catalogue.devices[0];
  const who = {
    customer_mobile_number: scanned.customer_mobile_number,
    mobile_country_code: scanned.mobile_country_code,
    business_reference: business.business.reference,
    branch_id: catalogue.branches[device.branch].id,
  };
  const reward = await askLoyalty(state, 'reward', { ...who, reward_code: opts.rewardCode ?? '' });
  const lines: StandInOrder['products'] = [
    { product_id: business.products[0].id, quantity: 1, total_price: business.products[0].price, status: 3 },
    { product_id: business.products[2].id, quantity: 1, total_price: business.products[2].price, status: 3 },
  ];
  const subtotal = lines.reduce((sum, l) => sum + l.total_price, 0);
  const rate = business === FIXTURE_EG ? 1.14 : 1.15;
  const before = Math.round(subtotal * rate * 100) / 100;
  const discount = reward.status === 200 ? tillDiscount(reward.body, lines) : 0;
  const total = Math.round((subtotal - discount) * rate * 100) / 100;
  const order = addOrder(deviceId, {
    products: lines,
    subtotal_price: subtotal,
    discount_amount: discount,
    total_price: total,
    payments: [{ method_id: business.paymentMethods[0].id, amount: total }],
  });
  if (reward.status !== 200) return { order, before, discount: 0, reward, redeem: null };
  const redeem = await askLoyalty(state, 'redeem', {
    ...who,
    reward_code: reward.body.reward_code,
    order_id: order.id,
    discount_amount: discount,
    date: order.closed_at,
    user_id: 'cashier-1',
  });
  return { order, before, discount, reward, redeem };
}
