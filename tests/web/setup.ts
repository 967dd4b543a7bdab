import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { noteUnhandled, takeUnhandled } from './unhandled';

// react-admin checks auth and loads data through several async hops: give findBy/waitFor room on a busy CI.
configure({ asyncUtilTimeout: 15000 });

/** Fails the test (or the file, after its last test) that made requests no stand-in answered (tests/web/unhandled.ts). */
function failOnUnhandled(when: string) {
  const requests = takeUnhandled();
  if (requests.length)
    throw new Error(
      `${when}: requests no msw handler answered (add a handler to the test's stand-in): ${requests.join(', ')}`,
    );
}

// A request made while no msw stand-in listens (a file without one, or after its stand-in closed) would go to the
// network: it is recorded and refused instead. A stand-in listening wraps this guard, so it sees only what msw passes
// through; each stand-in's own unhandled requests are recorded by its onUnhandledRequest.
const networkFetch = globalThis.fetch;
beforeAll(() => {
  takeUnhandled();
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    noteUnhandled(method.toUpperCase(), url);
    return Promise.reject(new TypeError(`No stand-in answers ${method} ${url}`));
  };
});
afterAll(() => {
  globalThis.fetch = networkFetch;
  failOnUnhandled('After the last test');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.dir = 'ltr';
  document.documentElement.lang = 'en';
  failOnUnhandled('This test');
});
