// The Foodics stand-in's OAuth 2.0 app (docs/POS.md, "Foodics: connecting a restaurant"): GET /authorize shows the
// owner's consent page, POST /authorize approves or declines and sends the owner back with a code, POST /oauth/token
// trades a code (600 s, used once, for the address it was made for) for a token the API then accepts until it is
// revoked. Also the control API that sets the token endpoint's behaviour and the API's (CONTROL_OAUTH, CONTROL_MODE),
// as both take the same small form.
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { Grant } from './api';
import { authorizePage } from './authorizePage';
import { CONTROL_MODE, CONTROL_OAUTH } from './control';
import type { FaultMode, OAuthMode, StandInState } from './model';

/** The stand-in's OAuth app, which `npm start` configures (FOODICS_CLIENT_ID / FOODICS_CLIENT_SECRET). */
export const DEMO_CLIENT_ID = 'specter-demo-client';
export const DEMO_CLIENT_SECRET = 'specter-demo-client-secret';

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  /** The token endpoint's behaviour: ok, down (no answer), slow (the API's delay passes), error (500). */
  mode: OAuthMode;
  /** Tokens issued so far, each with its business and whether it was revoked. */
  issued: Map<string, Grant>;
  /** Approves as the owner would, without the page: the code a redirect would carry. */
  approve(state: string, redirectUri: string, business?: 'sa' | 'eg'): string;
  /** Answers a call of /authorize, /oauth/token, CONTROL_OAUTH or CONTROL_MODE. */
  request(req: http.IncomingMessage, res: http.ServerResponse, path: string): void;
}

/** One stand-in's app: its tokens are `${token}.<uuid>`; `setApiMode` is the stand-in's setMode (CONTROL_MODE) and
 * a slow token endpoint waits the API's delay (`shared.delayMs`, else 10 s). */
export function oauthApp(
  opts: { token: string; clientId?: string; clientSecret?: string },
  shared: StandInState,
  setApiMode: (mode: FaultMode) => void,
): OAuthApp {
  const { token } = opts;
  const clientId = opts.clientId ?? DEMO_CLIENT_ID;
  const clientSecret = opts.clientSecret ?? DEMO_CLIENT_SECRET;
  /** Codes live 600 s and are used once; each names its business and the redirect address it was made for. */
  const codes = new Map<string, { business: 'sa' | 'eg'; redirectUri: string; at: number }>();
  const issued = new Map<string, Grant>();
  function approve(state: string, redirectUri: string, business: 'sa' | 'eg' = 'sa') {
    void state;
    const code = randomUUID().replace(/-/g, '');
    codes.set(code, { business, redirectUri, at: Date.now() });
    return code;
  }
  const app: OAuthApp = {
    clientId,
    clientSecret,
    mode: 'ok',
    issued,
    approve,
    request(req, res, path) {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://stand-in');
        const form: Record<string, string> = (() => {
          if (!raw) return {};
          try {
            return (req.headers['content-type'] ?? '').includes('json')
              ? (JSON.parse(raw) as Record<string, string>)
              : Object.fromEntries(new URLSearchParams(raw));
          } catch {
            return {};
          }
        })();
        const json = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (path === CONTROL_OAUTH || path === CONTROL_MODE) {
          if (path === CONTROL_OAUTH) app.mode = (form.mode as OAuthMode) ?? 'ok';
          else setApiMode((form.mode as FaultMode) ?? 'ok');
          return json(200, { mode: form.mode ?? 'ok' });
        }
        if (path === '/authorize' && req.method === 'GET') {
          const q = (k: string) => url.searchParams.get(k) ?? '';
          if (q('client_id') !== clientId) return json(400, { message: 'Unknown client_id' });
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(authorizePage(q('state'), q('redirect_uri')));
        }
        if (path === '/authorize' && req.method === 'POST') {
          const back = new URL(form.redirect_uri || 'http://invalid/');
          back.searchParams.set('state', form.state ?? '');
          if (form.decision === 'approve') {
            back.searchParams.set(
              'code',
              approve(form.state ?? '', form.redirect_uri ?? '', form.business === 'eg' ? 'eg' : 'sa'),
            );
          } else {
            back.searchParams.set('error', 'access_denied');
          }
          res.writeHead(302, { location: back.toString() });
          return res.end();
        }
        if (path === '/oauth/token' && req.method === 'POST') {
          if (app.mode === 'down') return req.socket.destroy();
          const answer = () => {
            if (app.mode === 'error') return json(500, { message: 'Server Error' });
            const grant = codes.get(form.code ?? '');
            if (form.grant_type !== 'authorization_code') return json(400, { error: 'unsupported_grant_type' });
            if (form.client_id !== clientId || form.client_secret !== clientSecret)
              return json(401, { error: 'invalid_client', message: 'Client authentication failed' });
            if (!grant || Date.now() - grant.at > 600_000 || grant.redirectUri !== form.redirect_uri)
              return json(400, { error: 'invalid_grant', message: 'The authorization code is invalid or expired' });
            codes.delete(form.code!);
            const access = `${token}.${randomUUID()}`;
            issued.set(access, { business: grant.business, revoked: false });
            return json(200, { token_type: 'Bearer', access_token: access });
          };
          if (app.mode === 'slow') setTimeout(answer, shared.delayMs || 10_000);
          else answer();
          return;
        }
        json(404, { message: 'Not Found' });
      });
    },
  };
  return app;
}
