// The Foodics stand-in's control API over HTTP (docs/POS.md, "The Foodics stand-in"), for the browser journeys and
// the demo, which cannot call the stand-in in process: a cashier closing an order on a till, a member's QR scanned
// at the till (the loyalty adapter, issue 47), an order's status changed. Each calls the stand-in's own handle, so
// HTTP and in-process tests make the same orders and send the same webhooks.
import type http from 'node:http';
import { FIXTURE } from './fixture';
import type { FoodicsStandIn, StandInOrder } from './model';

/** The control API's path (outside Foodics' own paths). */
export const CONTROL_ORDERS = '/_stand-in/orders';
/** POST {device_id, qr, reward_code?}: the cashier scans a member's QR on a new order (the till's loyalty). */
export const CONTROL_TILL_SCAN = '/_stand-in/till/scan';
/** POST {mode}: the token endpoint's behaviour (OAuthMode); POST {mode} to CONTROL_MODE: the API's (FaultMode). */
export const CONTROL_OAUTH = '/_stand-in/oauth';
export const CONTROL_MODE = '/_stand-in/mode';

/** POST /_stand-in/orders/{id}/status {status}: the POS changes an order's status. */
export const isControlStatus = (path: string) => /^\/_stand-in\/orders\/[^/]+\/status$/.test(path);

/** The control API over HTTP: closes an order on a till, as a cashier would ({ device_id, ...fields }). */
export function controlAddOrder(req: http.IncomingMessage, res: http.ServerResponse, standIn: FoodicsStandIn) {
  let raw = '';
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    let body: Partial<StandInOrder> & { device_id?: string };
    try {
      body = JSON.parse(raw || '{}');
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ message: 'The body must be JSON' }));
    }
    const { device_id: deviceId, ...partial } = body;
    const order = standIn.addOrder(deviceId ?? FIXTURE.devices[0].id, partial);
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: order }));
  });
}

/** The till's loyalty control API: a scan of a member's QR on a new order, an order's status changed. */
export function controlTill(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
  standIn: FoodicsStandIn,
) {
  let raw = '';
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let body: { device_id?: string; qr?: string; reward_code?: string; status?: number };
    try {
      body = JSON.parse(raw || '{}');
    } catch {
      return json(400, { message: 'The body must be JSON' });
    }
    if (path === CONTROL_TILL_SCAN) {
      if (typeof body.qr !== 'string') return json(400, { message: 'qr: the text of the member QR' });
      standIn.scanAtTill(body.device_id ?? FIXTURE.devices[0].id, body.qr, { rewardCode: body.reward_code }).then(
        (scan) => json(201, { data: scan }),
        (err: Error) => json(502, { message: `The loyalty provider could not be reached: ${err.message}` }),
      );
      return;
    }
    const id = decodeURIComponent(path.split('/')[3]);
    const order = standIn.setOrderStatus(id, Number(body.status ?? 5));
    return order ? json(200, { data: order }) : json(404, { message: 'No such order' });
  });
}
