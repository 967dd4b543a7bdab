// Issue 30: every back-office page names itself in its tab, per language. / and /login showed the raw key
// `specter.login.title`: each page's key must resolve in both catalogues.
import { describe, expect, it } from 'vitest';
import { pageTitleKey } from '../../../src/admin/layout/pageTitle';
import { en as specterEn } from '../../../src/admin/i18n/en';
import { ar as specterAr } from '../../../src/admin/i18n/ar';

const lookup = (catalogue: object, key: string): unknown =>
  key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], catalogue);

const PATHS = [
  '/',
  '/login',
  '/home',
  '/admins',
  '/admins/add',
  '/users',
  '/restaurants',
  '/restaurants/add',
  '/restaurants/edit/3',
  '/restaurants/branches/3',
  '/restaurants/devices/3/7',
  '/restaurants/sheet/3',
  '/no-such-page',
];

describe('tab titles', () => {
  it.each(PATHS)('%s names itself in English and in Arabic (no raw key)', (path) => {
    const key = pageTitleKey(path);
    const en = lookup(specterEn, key);
    const ar = lookup(specterAr, key);
    expect(typeof en, key).toBe('string');
    expect(typeof ar, key).toBe('string');
    expect(ar).not.toBe(en);
  });

  it('/ and /login read "Login" and "تسجيل الدخول"', () => {
    expect(lookup(specterEn, pageTitleKey('/login'))).toBe('Login');
    expect(lookup(specterAr, pageTitleKey('/'))).toBe('تسجيل الدخول');
  });
});
