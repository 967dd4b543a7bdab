// Foodics order -> the Invoice of docs/API.md, The invoice page (docs/POS.md, Mapping a Foodics order to our Invoice).
import type { Invoice } from '../../../src/contract';
import { paidLines } from '../lines';
import type { PosOrder } from '../../core/posPort';
import type { FoodicsOrder, FoodicsSettings } from './types';

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
  const at = foodicsTime(utc) ?? new Date(NaN);
  if (Number.isNaN(at.getTime())) return { date: utc.slice(0, 10), time: utc.slice(11, 16) };
  const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(timeZone ?? '');
  if (offset || !timeZone) {
    const minutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
    const local = new Date(at.getTime() + minutes * 60_000).toISOString();
    return { date: local.slice(0, 10), time: local.slice(11, 16) };
  }
  try {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
    return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
  } catch {
    return localDateTime(utc, undefined);
  }
}

/** A Foodics timestamp ("YYYY-MM-DD HH:MM:SS", UTC unless it names an offset) as a Date; null when unreadable. */
export function foodicsTime(utc: string | null | undefined): Date | null {
  if (!utc) return null;
  const at = new Date(`${utc.trim().replace(' ', 'T')}${/[zZ]|[+-]\d\d:?\d\d$/.test(utc) ? '' : 'Z'}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Where Foodics puts an order's till: device.id with include=device, device_id, or meta.foodics.device_id. */
export const deviceOf = (o: FoodicsOrder): string | null =>
  o.device?.id ?? o.device_id ?? o.meta?.foodics?.device_id ?? null;

/** A Foodics order with what decides whether a customer may see and save it (server/core/claim.ts). */
export function toPosOrder(
  order: FoodicsOrder,
  settings: FoodicsSettings,
  restaurant: { name: string; logo: string },
): PosOrder {
  return {
    posOrderId: String(order.id),
    deviceId: deviceOf(order),
    status: num(order.status),
    closedAt: foodicsTime(order.closed_at),
    invoice: toInvoice(order, settings, restaurant),
    placedAtMs: foodicsTime(order.created_at)?.getTime(),
  };
}

export function toInvoice(
  order: FoodicsOrder,
  settings: FoodicsSettings,
  restaurant: { name: string; logo: string },
): Invoice {
  const when = localDateTime(order.closed_at || order.created_at || '', settings.business_timezone);
  const methods = [
    ...new Set((order.payments ?? []).map((p) => p.payment_method?.name).filter((n): n is string => !!n)),
  ];
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
    order_items: paidLines(
      (order.products ?? []).map((line) => ({
        name: line.product?.name ?? line.product?.name_localized ?? '',
        quantity: num(line.quantity),
        returnedQuantity: num(line.returned_quantity),
        totalPrice: num(line.total_price),
        status: line.status,
      })),
    ),
  };
}
