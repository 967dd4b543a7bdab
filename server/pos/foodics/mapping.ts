// Foodics order -> the Invoice of SPEC.md section 3 (mapping rules in FOODICS.md).
import type { Invoice } from '../../../src/contract';
import type { FoodicsOrder, FoodicsSettings } from './types';

const VOID = 5;

const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
};

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * Splits a Foodics UTC timestamp ("YYYY-MM-DD HH:MM:SS") into the business's local date and time.
 * The time zone is an offset ("+03:00") in Foodics' settings, or an IANA name; unknown -> UTC.
 */
export function localDateTime(utc: string, timeZone: string | undefined): { date: string; time: string } {
  const at = new Date(`${utc.trim().replace(' ', 'T')}${/[zZ]|[+-]\d\d:?\d\d$/.test(utc) ? '' : 'Z'}`);
  if (Number.isNaN(at.getTime())) return { date: utc.slice(0, 10), time: utc.slice(11, 16) };
  const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(timeZone ?? '');
  if (offset || !timeZone) {
    const minutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
    const local = new Date(at.getTime() + minutes * 60_000).toISOString();
    return { date: local.slice(0, 10), time: local.slice(11, 16) };
  }
  try {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
    return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
  } catch {
    return localDateTime(utc, undefined);
  }
}

export function toInvoice(
  order: FoodicsOrder,
  settings: FoodicsSettings,
  restaurant: { name: string; logo: string },
): Invoice {
  const when = localDateTime(order.closed_at || order.created_at || '', settings.business_timezone);
  const methods = [...new Set((order.payments ?? []).map((p) => p.payment_method?.name).filter((n): n is string => !!n))];
  return {
    order_number: text(order.reference) ?? text(order.number) ?? order.id,
    check_number: text(order.check_number),
    restaurant,
    branch_name: order.branch?.name ?? '',
    order_date: when.date,
    order_time: when.time,
    payment_method: methods.join(', ') || '-',
    sub_total_price: num(order.subtotal_price),
    discount_amount: num(order.discount_amount),
    total_price: num(order.total_price),
    currency: settings.business_currency || 'SAR',
    order_items: (order.products ?? [])
      .filter((line) => line.status !== VOID)
      .map((line) => ({
        item_name: line.product?.name ?? line.product?.name_localized ?? '',
        item_quantity: num(line.quantity),
        total_price: num(line.total_price),
      })),
  };
}
