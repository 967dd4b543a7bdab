// Sign-in for the back-office (docs/PRODUCT.md, States; docs/API.md, Sign-in): POST /admin/login stores the token under
// `token` in local storage; route guards ask POST /user/isVerify. The answer is cached for a few seconds because
// react-admin checks auth on every page mount; the cache is dropped on login and logout.
import type { AuthProvider } from 'react-admin';
import { LOGIN_FAILED } from './contract/auth';
import { API_URL, TOKEN_KEY } from './api';

const VERIFY_CACHE_MS = 5000;

export function createAuthProvider(
  apiUrl = API_URL,
  storage: Storage = globalThis.localStorage,
): AuthProvider & { verify(): Promise<boolean> } {
  let cached: { token: string; at: number; ok: boolean } | null = null;

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
      ok = res.ok && (await res.json()).verify === true;
    } catch {
      ok = false;
    }
    cached = { token, at: Date.now(), ok };
    return ok;
  }

  return {
    verify,
    async login({ email, password }: { email: string; password: string }) {
      cached = null;
      let res: Response;
      try {
        res = await fetch(`${apiUrl}/admin/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ email, password }),
        });
      } catch {
        throw new Error(LOGIN_FAILED);
      }
      const body = await res.json().catch(() => ({}));
      const token = body?.data?.token;
      if (!res.ok || typeof token !== 'string') throw new Error(LOGIN_FAILED);
      storage.setItem(TOKEN_KEY, token);
      return { redirectTo: '/home' };
    },
    async logout() {
      cached = null;
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
    async getPermissions() {
      return 'admin';
    },
  };
}

export const authProvider = createAuthProvider();
