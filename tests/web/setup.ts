import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// react-admin checks auth and loads data through several async hops: give findBy/waitFor room on a busy CI.
configure({ asyncUtilTimeout: 15000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.dir = 'ltr';
  document.documentElement.lang = 'en';
});
