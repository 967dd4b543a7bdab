// The script of /user/invoice when its receipt is drawn on the server: server/plugins/invoicePage.ts writes the
// built file into the head in place of public.html's entry (allowed by its hash in the page's CSP), so nothing
// is fetched before the first paint. The receipt, logo included, is painted first; only then are the hydration
// entry (src/public/main.tsx: React, react-dom, the save flow) and its chunks fetched and run. Before, the browser
// fetched and ran them before its first paint, so a phone's slow network and CPU held back the receipt it already
// had (docs/PERFORMANCE.md, The receipt in the first response).
// It imports nothing: a module shared with the entry would split the build's chunks differently, and this code
// travels inside every server-drawn page, so it stays a few hundred bytes.

/** The JSON the server leaves with the drawn receipt (INVOICE_STATE_ID of src/contract/invoicePageRender.ts). */
const DRAWN_STATE = 'invoice-state';
/** What the entry sends once React listens on the page (HYDRATING_EVENT of src/contract/invoicePageRender.ts). */
const HYDRATING = 'invoice-hydrating';
/** The longest the save flow waits for the page's images (the restaurant's logo, on its own host) before it
 * hydrates anyway. */
const IMAGES_WAIT_MS = 1000;

const tag = document.querySelector<HTMLScriptElement>('script[data-entry]');
/** Buttons tapped before React listens: hydration keeps the drawn elements, so each is clicked again after. */
const taps: HTMLButtonElement[] = [];
const onTap = (event: Event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button) return;
  // A submit button must not send its form natively: React's handler does it on the replay.
  event.preventDefault();
  taps.push(button);
  hydrate();
};
document.addEventListener('click', onTap, true);

let started = false;
function hydrate() {
  if (started || !tag?.dataset.entry) return;
  started = true;
  // The entry's own imports, fetched alongside it rather than after it.
  for (const href of (tag.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.append(link);
  }
  // Once the entry has called hydrateRoot (a task or two after its evaluation), React listens on the root and
  // hydrates at once for a click: the taps held until then are replayed.
  document.addEventListener(
    HYDRATING,
    () => {
      document.removeEventListener('click', onTap, true);
      for (const button of taps.splice(0)) button.click();
    },
    { once: true },
  );
  void import(/* @vite-ignore */ tag.dataset.entry);
}
/** Once the next frame is on screen: a task queued from requestAnimationFrame runs after that frame is drawn,
 * but it may still reach the screen later (a paint's time is when it is shown), so one frame more. */
const afterNextPaint = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(hydrate, 0)));
/** After the browser has reported the page's first paint (on a busy machine the frames above can run before the
 * paint is shown), then the next frame; straight to the frames where the browser cannot report paints. */
function afterFirstPaint() {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (
    painted() ||
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  )
    return afterNextPaint();
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    afterNextPaint();
  });
  observer.observe({ type: 'paint', buffered: true });
}

if (!document.getElementById(DRAWN_STATE)) {
  // The server could not draw the receipt: the browser draws it, so there is no paint worth waiting for.
  hydrate();
} else if (document.readyState === 'complete') {
  afterFirstPaint();
} else {
  // The load event: the logo (the page's largest paint) has arrived; the frame after it shows it. A tap on a
  // button (the save flow) does not wait for it.
  addEventListener('load', afterFirstPaint, { once: true });
  setTimeout(hydrate, IMAGES_WAIT_MS);
}
