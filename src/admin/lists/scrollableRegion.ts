// A list's table that is wider than its place scrolls sideways (the theme's overflow-x on the Datagrid's wrapper,
// for phones and for wide lists like the Ledger); a keyboard user can only scroll what can take the focus. So while
// the wrapper overflows it is a focusable region named by the list's title (arrow keys then scroll it: WCAG 2.1.1,
// axe-core's scrollable-region-focusable); when everything fits it is a plain box again, no extra tab stop.
import { useCallback, useRef } from 'react';

/** A ref for the Datagrid's table (react-admin forwards it): its parent, the wrapper, follows its own overflow. */
export function useScrollableRegion(label: string) {
  const observer = useRef<ResizeObserver | undefined>(undefined);
  return useCallback(
    (table: HTMLTableElement | null) => {
      observer.current?.disconnect();
      observer.current = undefined;
      const wrapper = table?.parentElement;
      if (!table || !wrapper) return;
      const follow = () => {
        if (wrapper.scrollWidth > wrapper.clientWidth) {
          wrapper.tabIndex = 0;
          wrapper.setAttribute('role', 'region');
          wrapper.setAttribute('aria-label', label);
        } else {
          wrapper.removeAttribute('tabindex');
          wrapper.removeAttribute('role');
          wrapper.removeAttribute('aria-label');
        }
      };
      follow();
      if (typeof ResizeObserver === 'undefined') return;
      observer.current = new ResizeObserver(follow);
      observer.current.observe(wrapper);
      observer.current.observe(table);
    },
    [label],
  );
}
