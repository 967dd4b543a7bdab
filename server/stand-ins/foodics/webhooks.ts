// The Foodics stand-in's webhooks (docs/POS.md, "Foodics: webhooks"): order.created when an order is made through
// it, order.updated when its status changes, posted to the URL a test or the demo sets, never blocking the caller.
// What each answered is kept for the tests, and they can wait until every one sent so far has been answered.
import { withQr } from './einvoice';
import { expandOrder } from './expand';
import { businessOfDevice, catalogueOf, type StandInOrder, type StandInState } from './model';

/** Every include Foodics' webhook body carries. */
const ALL = new Set(['products.product', 'payments.payment_method', 'branch', 'device']);

export interface WebhookSender {
  /** Foodics' order.created (or order.updated) event for an order, to the configured URL; never blocks the caller. */
  send(order: StandInOrder, event?: string): void;
  setUrl(url: string | null): void;
  /** Webhooks sent so far: the order, the answer's status (0 when the receiver could not be reached). */
  sent(): { orderId: string; status: number }[];
  /** Resolves when every webhook sent so far has been answered. */
  settled(): Promise<void>;
  /** Forgets the webhooks sent (not the URL). */
  reset(): void;
}

/** The sender of one stand-in: its orders' bodies as its state writes them when each is sent. */
export function webhookSender(state: StandInState, url: string | null): WebhookSender {
  let webhookUrl = url;
  const sent: { orderId: string; status: number }[] = [];
  const inFlight = new Set<Promise<void>>();
  return {
    send(order, event = 'order.created') {
      if (!webhookUrl) return;
      const body = {
        timestamp: Math.floor(Date.now() / 1000),
        event,
        business: businessOfDevice(order.device_id).business,
        order: expandOrder(withQr(order, state.eInvoiceVatNumber), ALL, catalogueOf(state, order.device_id)),
      };
      const p: Promise<void> = fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5000),
      })
        .then(async (r) => {
          await r.body?.cancel();
          sent.push({ orderId: order.id, status: r.status });
        })
        .catch(() => {
          sent.push({ orderId: order.id, status: 0 });
        })
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    },
    setUrl(next) {
      webhookUrl = next;
    },
    sent: () => [...sent],
    async settled() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    reset() {
      sent.length = 0;
    },
  };
}
