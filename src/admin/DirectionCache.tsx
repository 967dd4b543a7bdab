// One emotion cache per direction: the right-to-left one runs stylis-plugin-rtl, which flips left/right in
// every MUI style, so the Arabic layout is a true mirror and not just text aligned right.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import rtlPlugin from 'stylis-plugin-rtl';

const caches = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'mui-rtl', stylisPlugins: [rtlPlugin] }),
};

export function DirectionCache({ rtl, children }: { rtl: boolean; children: ReactNode }) {
  return <CacheProvider value={rtl ? caches.rtl : caches.ltr}>{children}</CacheProvider>;
}
