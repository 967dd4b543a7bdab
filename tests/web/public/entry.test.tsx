import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVOICE } from './fixtures';
import { onUnhandledRequest } from '../unhandled';

// The public entry picks its page from the path and loads only that one.
const server = setupServer(
  http.get('*/order/foodics/web/last-order', () => HttpResponse.json(INVOICE)),
  http.get('*/api/public-config', () => HttpResponse.json({ contactEmail: 'a@b.example', contactPhone: '+966 1' })),
);
beforeAll(() => server.listen({ onUnhandledRequest }));
afterAll(() => server.close());
beforeEach(() => {
  vi.resetModules();
  document.body.innerHTML = '<div id="root"></div>';
});
afterEach(() => {
  document.body.innerHTML = '';
});

async function boot(path: string) {
  window.history.replaceState(null, '', path);
  await act(async () => {
    await import('../../../src/public/main');
  });
}

describe('public entry', () => {
  it('/Privacy shows the Terms and Privacy page', async () => {
    await boot('/Privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(document.title).toBe('Specter | Terms and Privacy');
  });

  it('/user/invoice shows the invoice page', async () => {
    await boot('/user/invoice?restId=7&deviceId=dev-1');
    expect(await screen.findByText('Takeout total (incl. Tax)')).toBeInTheDocument();
    expect(document.title).toBe('Specter | Invoice');
  });
});
