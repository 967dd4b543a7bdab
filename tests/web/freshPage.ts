// The back-office's files run one after another in each worker without reloading the modules
// (docs/RELIABILITY.md, "Test suite speed"): each file starts as a fresh page would, in English with empty
// storage and nothing remembered of a sign-in, and leaves no spy or stubbed global for the next.
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { setAppLocale } from '../../src/admin/i18n/direction';
import { authProvider } from '../../src/authProvider';

beforeAll(() => {
  setAppLocale('en');
  localStorage.clear();
  sessionStorage.clear();
});

beforeEach(() => {
  // Each test starts in English too: the tests of a file run in a shuffled order, and one that switched to Arabic
  // would leave the next one's page right-to-left.
  setAppLocale('en');
  // The remembered isVerify answer is keyed by the token, and every test signs in with the same one.
  authProvider.forget();
});

afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
