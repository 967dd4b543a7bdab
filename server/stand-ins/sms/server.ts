// Local stand-ins of the two SMS providers' APIs (docs/SECURITY.md shapes), on one port: Twilio's
// POST /2010-04-01/Accounts/{sid}/Messages.json (basic auth, form, 201 {sid}) and Unifonic's
// POST /rest/SMS/messages (form with AppSid, 200 {success, errorCode, data: {MessageID}}, failures also
// as 200 with success false). Modes let tests play a rejection or a slow provider.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type SmsMode = 'ok' | 'reject' | 'slow';

export interface SmsStandIn {
  url: string;
  sent: { provider: 'twilio' | 'unifonic'; to: string; body: string; from?: string }[];
  setMode(mode: SmsMode): void;
  close(): Promise<void>;
}

export const TWILIO = { sid: 'AC00000000000000000000000000000000', token: 'twilio-test-token' };
export const UNIFONIC = { appSid: 'unifonic-test-app' };

export async function startSmsStandIn(): Promise<SmsStandIn> {
  const sent: SmsStandIn['sent'] = [];
  let mode: SmsMode = 'ok';
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const answer = () => {
        const twilio = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
        if (req.method === 'POST' && twilio) {
          const auth = `Basic ${Buffer.from(`${TWILIO.sid}:${TWILIO.token}`).toString('base64')}`;
          if (twilio[1] !== TWILIO.sid || req.headers.authorization !== auth)
            return send(401, { code: 20003, message: 'Authenticate', status: 401 });
          if (mode === 'reject')
            return send(400, {
              code: 21211,
              message: `The 'To' number ${form.get('To') ?? ''} is not a valid phone number.`,
              status: 400,
            });
          sent.push({
            provider: 'twilio',
            to: form.get('To') ?? '',
            body: form.get('Body') ?? '',
            from: form.get('From') ?? form.get('MessagingServiceSid') ?? undefined,
          });
          return send(201, { sid: `SM${randomUUID().replace(/-/g, '')}`, status: 'queued' });
        }
        if (req.method === 'POST' && req.url === '/rest/SMS/messages') {
          if (form.get('AppSid') !== UNIFONIC.appSid)
            return send(200, { success: false, message: 'Wrong AppSid', errorCode: 'ER-01' });
          if (mode === 'reject')
            return send(200, {
              success: false,
              message: `Invalid recipient ${form.get('Recipient') ?? ''}`,
              errorCode: 'ER-08',
            });
          sent.push({
            provider: 'unifonic',
            to: form.get('Recipient') ?? '',
            body: form.get('Body') ?? '',
            from: form.get('SenderID') ?? undefined,
          });
          return send(200, { success: true, message: '', errorCode: 'ER-00', data: { MessageID: randomUUID() } });
        }
        send(404, { message: 'Not found' });
      };
      if (mode === 'slow') setTimeout(answer, 5000);
      else answer();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    setMode: (m) => (mode = m),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
