// "Connect Foodics" (docs/POS.md, "Foodics: connecting a restaurant"): Foodics' OAuth 2.0 authorization-code flow.
// The authorize page's address, the code exchanged for a token (POST FOODICS_TOKEN_URL with grant_type,
// code, client_id, client_secret, redirect_uri) and the business the token reads (GET /whoami). Every failure
// is a ConnectError naming what went wrong (the back-office shows its message in the admin's language); a token
// never appears in an error or a log.
import type { Config } from '../../config';

/** What went wrong, as the back-office names it (src/resources/restaurants/messages.ts, connectErrors). */
export type ConnectFailure =
  | 'declined'
  | 'state_unknown'
  | 'state_expired'
  | 'state_other_admin'
  | 'state_other_browser'
  | 'code_refused'
  | 'token_timeout'
  | 'token_down'
  | 'whoami_refused'
  | 'not_configured'
  // Decided in the callback's transaction (server/db/repositories/foodicsConnect.ts): the account may no longer
  // connect this restaurant, or the business is another restaurant's that this account may not reconnect.
  | 'not_allowed'
  | 'business_elsewhere';

export class ConnectError extends Error {
  constructor(readonly failure: ConnectFailure) {
    super(failure);
  }
}

/** The redirect address registered in the Foodics app: PUBLIC_URL (else this request's origin) + the path. */
export const CONNECTED_PATH = '/pos/foodics/connected';

export function authorizeUrl(config: Config, state: string, redirectUri: string): string {
  const url = new URL(config.FOODICS_OAUTH_URL);
  url.searchParams.set('client_id', config.FOODICS_CLIENT_ID ?? '');
  url.searchParams.set('state', state);
  url.searchParams.set('redirect_uri', redirectUri);
  return url.toString();
}

export interface ConnectedBusiness {
  token: string;
  business: { name: string; reference: string | null };
  user: string | null;
}

async function call(url: string, init: RequestInit, timeoutMs: number, onFailure: ConnectFailure): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new ConnectError((err as Error).name === 'TimeoutError' ? 'token_timeout' : onFailure);
  }
}

/** Exchanges the code for a token, then reads the business it gives access to. */
export async function exchangeCode(config: Config, code: string, redirectUri: string): Promise<ConnectedBusiness> {
  if (!config.FOODICS_CLIENT_ID || !config.FOODICS_CLIENT_SECRET) throw new ConnectError('not_configured');
  const res = await call(
    config.FOODICS_TOKEN_URL,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        grant_type: 'authorization_code',
        code,
        client_id: config.FOODICS_CLIENT_ID,
        client_secret: config.FOODICS_CLIENT_SECRET,
        redirect_uri: redirectUri,
      }),
    },
    config.FOODICS_TIMEOUT_MS,
    'token_down',
  );
  // 4xx: Foodics refuses this code (unknown, used, expired, or another redirect address); 5xx: it is down.
  if (res.status >= 500) {
    await res.body?.cancel();
    throw new ConnectError('token_down');
  }
  // The documented answer is { token_type, access_token } (a refresh_token, when sent, is not used: a refused
  // token is "Reconnect Foodics").
  let body: { access_token?: unknown };
  try {
    body = (await res.json()) as typeof body;
  } catch {
    throw new ConnectError(res.ok ? 'token_down' : 'code_refused');
  }
  if (!res.ok || typeof body.access_token !== 'string' || !body.access_token) throw new ConnectError('code_refused');
  const token = body.access_token;

  const base = config.FOODICS_BASE_URL.replace(/\/+$/, '');
  const who = await call(
    `${base}/whoami`,
    { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' } },
    config.FOODICS_TIMEOUT_MS,
    'whoami_refused',
  ).catch((err: ConnectError) => {
    // A slow /whoami is not the token endpoint's fault: one message for "Foodics did not tell who this is".
    throw new ConnectError(err.failure === 'token_timeout' ? 'whoami_refused' : err.failure);
  });
  let me: { data?: { user?: { name?: unknown }; business?: { name?: unknown; reference?: unknown } } };
  try {
    if (!who.ok) throw new Error(String(who.status));
    me = (await who.json()) as typeof me;
  } catch {
    await who.body?.cancel().catch(() => {});
    throw new ConnectError('whoami_refused');
  }
  const name = me.data?.business?.name;
  if (typeof name !== 'string' || !name.trim()) throw new ConnectError('whoami_refused');
  const ref = me.data?.business?.reference;
  return {
    token,
    business: { name: name.trim().slice(0, 200), reference: ref === undefined || ref === null ? null : String(ref) },
    user: typeof me.data?.user?.name === 'string' ? me.data.user.name : null,
  };
}
