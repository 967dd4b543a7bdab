// Loyalty's pure rules (issue 47, docs/ARCHITECTURE.md "Loyalty: how points are kept right"), seen by the
// repositories, the POS's order events and the routes: which POS statuses undo an order, what the member's QR
// holds, and the answer Foodics' loyalty adapter expects for a reward (docs/POS.md, "The loyalty adapter").
import { adapterPhoneOf } from './phone';

/** Foodics' order statuses that undo an order's points (5 returned, 7 void): its earn is taken back and the
 * rewards redeemed on it are given back. */
export const UNDOING_STATUSES: ReadonlySet<number> = new Set([5, 7]);

/** The text of a member's QR for a phone (E.164): the adapter's JSON, the national number and the calling code,
 * no name (an Arabic name breaks a wallet barcode). Written as the integrations show it. */
export function memberQr(phone: string): string {
  const p = adapterPhoneOf(phone);
  if (!p) return '';
  return `{"customer_mobile_number": ${JSON.stringify(p.number)}, "mobile_country_code": ${p.countryCode}}`;
}

/** A reward as the adapter answers it. */
export interface RewardOffer {
  code: string;
  kind: 'amount' | 'percent' | 'products';
  value: number;
  maxDiscount: number | null;
  productIds: string[];
}

/** What the request said, echoed in the answer as it was sent (the POS matches its own values). */
export interface AdapterEcho {
  customer_mobile_number: unknown;
  mobile_country_code: unknown;
  business_reference: unknown;
}

/**
 * The answer of `POST /reward` (a bare object, no envelope): type 1, a discount on the whole order (an amount, or a
 * percent capped by `max_discount_amount`), or type 2, a discount on products (those POS products free: 100 % off
 * `allowed_products`, capped when the reward has a cap). Taxes and modifiers: the discount is on the price before
 * tax and leaves modifiers out, the common reading of the integrations (docs/POS.md says what stays unsure).
 */
export function adapterRewardAnswer(reward: RewardOffer, echo: AdapterEcho) {
  const common = {
    discount_includes_modifiers: false,
    is_discount_taxable: false,
    customer_mobile_number: echo.customer_mobile_number,
    mobile_country_code: echo.mobile_country_code,
    reward_code: reward.code,
    business_reference: echo.business_reference,
  };
  if (reward.kind === 'products')
    return {
      type: 2,
      discount_amount: 100,
      is_percent: true,
      max_discount_amount: reward.maxDiscount ?? 0,
      allowed_products: reward.productIds,
      ...common,
    };
  return {
    type: 1,
    discount_amount: reward.value,
    is_percent: reward.kind === 'percent',
    max_discount_amount: reward.kind === 'percent' ? (reward.maxDiscount ?? 0) : reward.value,
    allowed_products: null,
    ...common,
  };
}

/** The days a program keeps an idle balance, as the customer's expiry date: null when it never expires. */
export function expiresAt(lastActivity: Date, expiryDays: number, balance: number): Date | null {
  if (expiryDays <= 0 || balance <= 0) return null;
  return new Date(lastActivity.getTime() + expiryDays * 86_400_000);
}
