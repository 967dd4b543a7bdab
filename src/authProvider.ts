// Sign-in for the back-office (docs/PRODUCT.md, States; docs/API.md, Sign-in): POST /admin/login stores the token under
// `token` in local storage; route guards ask POST /user/isVerify. The answer is cached for a few seconds because
// react-admin checks auth on every page mount; the cache is dropped on login and logout.
import type { AuthProvider } from 'react-admin';
import { LOGIN_FAILED, TOTP_CODE_NEEDED, TOTP_CODE_WRONG, TOTP_LOCKED } from './contract/auth';
import type { Role } from './contract/admins';
import { allows, type Permissions } from './permissions';
import { API_URL, TOKEN_KEY } from './api';

const VERIFY_CACHE_MS = 5000;

/** Who is signed in (POST /user/isVerify): the top bar shows name, role and restaurants. */
export interface Identity {
  id: number;
  name: string;
  email: string;
  role: Role;
  restaurantIds: number[];
  restaurants: { id: number; name: string }[];
  /** ADMIN_TOTP_REQUIRED and no second factor yet: the Two-step sign-in page first (docs/SECURITY.md). */
  totpSetupNeeded: boolean;
  /** The business day's time zone (FUNNEL_TIME_ZONE): the period pickers' today; undefined from an older server. */
  timeZone?: string;
}

export function createAuthProvider(
  apiUrl = API_URL,
  storage: Storage = globalThis.localStorage,
): AuthProvider & { verify(): Promise<boolean>; totpSetupNeeded(): Promise<boolean>; forget(): void } {
  let cached: { token: string; at: number; ok: boolean } | null = null;
  /** Who the last good isVerify said is signed in (issue 26: role and restaurants). */
  let who: Identity | null = null;

  async function identity(): Promise<Identity | null> {
    if (!(await verify())) return null;
    return who;
  }

  async function verify(): Promise<boolean> {
    const token = storage.getItem(TOKEN_KEY);
    if (!token) return false;
    if (cached && cached.token === token && Date.now() - cached.at < VERIFY_CACHE_MS) return cached.ok;
    let ok = false;
    try {
      const res = await fetch(`${apiUrl}/user/isVerify`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: '{}',
      });
      const body = res.ok ? await res.json() : null;
      ok = body?.verify === true;
      who = ok
        ? {
            id: body.id,
            name: body.name ?? '',
            email: body.email ?? '',
            // An older server answers { verify } alone: it has admins only.
            role: body.role ?? 'admin',
            restaurantIds: body.restaurantIds ?? [],
            restaurants: body.restaurants ?? [],
            totpSetupNeeded: body.totpSetupNeeded === true,
            timeZone: typeof body.timeZone === 'string' ? body.timeZone : undefined,
          }
        : null;
    } catch {
      ok = false;
    }
    cached = { token, at: Date.now(), ok };
    return ok;
  }

  return {
    verify,
    /** Drops the remembered answer: the account changed (two-step sign-in turned on or off). */
    forget() {
      cached = null;
    },
    /** The signed-in account must turn on two-step sign-in before anything else. */
    async totpSetupNeeded() {
      return (await identity())?.totpSetupNeeded === true;
    },
    /** With `code` the second step of an account with two-step sign-in; without it, an error whose message is
     * TOTP_CODE_NEEDED says the password was right and the code is asked (TOTP_CODE_WRONG: not the code;
     * TOTP_LOCKED: the account's second step is locked until an admin resets it). */
    async login({ email, password, code }: { email: string; password: string; code?: string }) {
      cached = null;
      let res: Response;
      try {
        res = await fetch(`${apiUrl}/admin/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(code ? { email, password, code } : { email, password }),
        });
      } catch {
        throw new Error(LOGIN_FAILED);
      }
      const body = await res.json().catch(() => ({}));
      const token = body?.data?.token;
      if (res.status === 401 && [TOTP_CODE_NEEDED, TOTP_CODE_WRONG, TOTP_LOCKED].includes(body?.message))
        throw new Error(body.message);
      if (!res.ok || typeof token !== 'string') throw new Error(LOGIN_FAILED);
      storage.setItem(TOKEN_KEY, token);
      return { redirectTo: '/home' };
    },
    async logout() {
      cached = null;
      who = null;
      const token = storage.getItem(TOKEN_KEY);
      storage.removeItem(TOKEN_KEY);
      // The server ends the token too (docs/SECURITY.md, "Admins"); a failure never keeps anyone signed in here.
      if (token)
        await fetch(`${apiUrl}/admin/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } }).catch(
          () => undefined,
        );
      return '/login';
    },
    async checkAuth() {
      if (!(await verify())) throw { redirectTo: '/login', message: false };
    },
    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        cached = null;
        storage.removeItem(TOKEN_KEY);
        throw { redirectTo: '/login', message: false };
      }
    },
    /** The signed-in account's role and restaurants (react-admin's usePermissions). */
    async getPermissions(): Promise<Permissions | undefined> {
      const me = await identity();
      return me ? { role: me.role, restaurantIds: me.restaurantIds } : undefined;
    },
    /** react-admin 5's canAccess: the one table of src/permissions.ts. */
    async canAccess({ resource, action }: { resource: string; action: string }) {
      const me = await identity();
      return allows(me ? { role: me.role, restaurantIds: me.restaurantIds } : undefined, resource, action);
    },
    async getIdentity() {
      const me = await identity();
      if (!me) throw new Error('Not signed in');
      return { ...me, fullName: me.name };
    },
  };
}

export const authProvider = createAuthProvider();
