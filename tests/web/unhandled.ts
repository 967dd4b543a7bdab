// Every request a web test makes is answered by its msw stand-in, or the test fails. msw's own "error" strategy
// only logs and turns the request into a network error, which a screen catches and carries on from (the test then
// passed while logging): each file's stand-in listens with this callback instead, which records the request and
// still refuses it, and tests/web/setup.ts fails the test that made it. A request made with no stand-in listening
// is recorded by setup.ts's fetch guard the same way.
import type { UnhandledRequestCallback } from 'msw';

const unhandled: string[] = [];

/** Records a request no handler answered (method and address). */
export function noteUnhandled(method: string, url: string) {
  unhandled.push(`${method} ${url}`);
}

/** msw's `onUnhandledRequest`: recorded, then refused as msw's "error" strategy does. */
export const onUnhandledRequest: UnhandledRequestCallback = (request, print) => {
  noteUnhandled(request.method, request.url);
  print.error();
};

/** The requests recorded since the last call. */
export function takeUnhandled(): string[] {
  return unhandled.splice(0);
}
