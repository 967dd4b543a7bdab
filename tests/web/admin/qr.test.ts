import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { invoiceLink, QR_LEVEL, QR_LOGO_SIZE, QR_SIZE, qrContent, qrFileName } from '../../../src/admin/qr/qrContent';
import { renderAdmin, state, useStandIn } from './harness';

describe('QR content and file names (docs/PRODUCT.md, QR codes and States)', () => {
  it('is JSON with 1 = restaurant id, 2 = device id, 3 = the absolute invoice link', () => {
    const json = JSON.parse(qrContent('https://specter.example', 5, '7d00-c001'));
    expect(json).toEqual({
      1: 5,
      2: '7d00-c001',
      3: 'https://specter.example/user/invoice?restId=5&deviceId=7d00-c001',
    });
    expect(Object.keys(json)).toEqual(['1', '2', '3']);
  });

  it('escapes odd device ids in the link', () => {
    expect(invoiceLink('https://x.example/', 1, 'a b&c')).toBe(
      'https://x.example/user/invoice?restId=1&deviceId=a+b%26c',
    );
  });

  it('level H, size 255, a 40x40 centre image', () => {
    expect([QR_LEVEL, QR_SIZE, QR_LOGO_SIZE]).toEqual(['H', 255, 40]);
  });

  it('names the PNGs per level', () => {
    const d = { name: 'Cashier 1', device_id: 'dev-1' };
    expect(qrFileName('restaurant', d, 'Najd Grill')).toBe('Najd Grill - Cashier 1 - dev-1.png');
    expect(qrFileName('branch', d)).toBe('Cashier 1 - dev-1.png');
    expect(qrFileName('device', d)).toBe('Cashier 1 - dev-1.png');
  });
});

describe('the QR link in the back-office is built from PUBLIC_URL', () => {
  useStandIn({ signedIn: true });

  const printed = async () => {
    renderAdmin('/restaurants');
    await screen.findByText('Najd Grill');
    const canvases = () =>
      [...screen.getByTestId('qr-canvases').querySelectorAll('canvas')].map((c) =>
        JSON.parse(c.getAttribute('data-qr') ?? 'null'),
      );
    return canvases;
  };

  it("a configured PUBLIC_URL (from /api/public-config) is the link's address, not the back-office's", async () => {
    state.current.publicUrl = 'https://receipts.najd.example';
    const canvases = await printed();
    await waitFor(() =>
      expect(canvases()).toEqual([
        { 1: 5, 2: 'dev-1', 3: 'https://receipts.najd.example/user/invoice?restId=5&deviceId=dev-1' },
        { 1: 5, 2: 'dev-2', 3: 'https://receipts.najd.example/user/invoice?restId=5&deviceId=dev-2' },
      ]),
    );
  });

  it("without PUBLIC_URL the link uses the back-office's own origin", async () => {
    state.current.publicUrl = null;
    const canvases = await printed();
    await waitFor(() =>
      expect(canvases().map((c) => c[3])).toEqual([
        `${window.location.origin}/user/invoice?restId=5&deviceId=dev-1`,
        `${window.location.origin}/user/invoice?restId=5&deviceId=dev-2`,
      ]),
    );
    expect(window.location.origin).not.toBe('https://receipts.najd.example');
  });
});
