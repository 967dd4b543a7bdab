import { screen, waitFor } from '@testing-library/react';
import jsQR from 'jsqr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invoiceLink, QR_QUIET_ZONE, qrContent, qrFileName } from '../../../src/admin/qr/qrContent';
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

// What the Print QR button draws (docs/PRODUCT.md, QR codes): the test DOM has no canvas, so each canvas is given a
// 2D context that keeps what is drawn on it; the drawing is then painted into pixels and read back with jsQR, as a
// phone's camera would read the printed PNG, and its format bits tell the error correction level.
describe('the drawn QR: level H, 255 pixels, a 40 x 40 image in the centre, and it reads back to the link', () => {
  useStandIn({ signedIn: true });

  interface Drawing {
    canvas: HTMLCanvasElement;
    /** Rectangles filled, in canvas pixels, with the colour they were filled with. */
    rects: { x: number; y: number; w: number; h: number; style: string }[];
    /** Images drawn, in canvas pixels. */
    images: { x: number; y: number; w: number; h: number }[];
  }
  const drawings: Drawing[] = [];
  afterEach(() => {
    drawings.length = 0;
    vi.restoreAllMocks();
  });

  function recordDrawing() {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      const drawing: Drawing = { canvas: this, rects: [], images: [] };
      drawings.push(drawing);
      let k = 1;
      /** A length drawn, in pixels (rounded off the scale's floating-point noise). */
      const px = (n: number) => Math.round(n * k * 1e6) / 1e6;
      const ctx = {
        fillStyle: '',
        globalAlpha: 1,
        scale(a: number) {
          k *= a;
        },
        fillRect(x: number, y: number, w: number, h: number) {
          drawing.rects.push({ x: px(x), y: px(y), w: px(w), h: px(h), style: ctx.fillStyle });
        },
        drawImage(_img: unknown, x: number, y: number, w: number, h: number) {
          drawing.images.push({ x: px(x), y: px(y), w: px(w), h: px(h) });
        },
      };
      return ctx as unknown as RenderingContext;
    } as typeof HTMLCanvasElement.prototype.getContext);
    // The centre image counts as loaded (the test DOM loads no image), so it is drawn as in a browser.
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(64);
    vi.spyOn(HTMLImageElement.prototype, 'naturalHeight', 'get').mockReturnValue(64);
  }

  /** The drawing as RGBA pixels: the first rectangle is the background, the others dark modules; the centre image
   * is painted white, as a light logo would hide what is under it. */
  function pixels(d: Drawing) {
    const size = d.canvas.width;
    const rgba = new Uint8ClampedArray(size * size * 4).fill(255);
    // A pixel is painted when its centre is inside the rectangle.
    const paint = (r: { x: number; y: number; w: number; h: number }, value: number) => {
      for (let py = Math.ceil(r.y - 0.5); py < Math.ceil(r.y + r.h - 0.5); py++)
        for (let px = Math.ceil(r.x - 0.5); px < Math.ceil(r.x + r.w - 0.5); px++)
          rgba.fill(value, (py * size + px) * 4, (py * size + px) * 4 + 3);
    };
    for (const r of d.rects.slice(1)) paint(r, 0);
    for (const img of d.images) paint(img, 255);
    return rgba;
  }

  /** The error correction level the drawn format bits say (ISO/IEC 18004, 7.9): matched against all 32 forms. */
  function levelOf(d: Drawing) {
    const moduleSize = d.rects[1].w;
    const [bg] = d.rects;
    const dark = (row: number, col: number) =>
      d.rects
        .slice(1)
        .some(
          (r) =>
            Math.abs(r.x - (bg.x + (QR_QUIET_ZONE + col) * moduleSize)) < 1e-3 &&
            Math.abs(r.y - (bg.y + (QR_QUIET_ZONE + row) * moduleSize)) < 1e-3,
        );
    // The copy beside the top-left finder: row 8 left to right, then column 8 upwards (the timing module skipped).
    const cells: [number, number][] = [
      [8, 0],
      [8, 1],
      [8, 2],
      [8, 3],
      [8, 4],
      [8, 5],
      [8, 7],
      [8, 8],
      [7, 8],
      [5, 8],
      [4, 8],
      [3, 8],
      [2, 8],
      [1, 8],
      [0, 8],
    ];
    const read = cells.reduce((bits, [row, col]) => (bits << 1) | (dark(row, col) ? 1 : 0), 0);
    const format = (ec: number, mask: number) => {
      const data = (ec << 3) | mask;
      let rem = data << 10;
      for (let bit = 14; bit >= 10; bit--) if (rem & (1 << bit)) rem ^= 0x537 << (bit - 10);
      return ((data << 10) | rem) ^ 0x5412;
    };
    const LEVELS = { L: 1, M: 0, Q: 3, H: 2 };
    for (const [level, ec] of Object.entries(LEVELS))
      for (let mask = 0; mask < 8; mask++) if (format(ec, mask) === read) return level;
    return null;
  }

  it("every till's QR as drawn", async () => {
    recordDrawing();
    renderAdmin('/restaurants');
    await screen.findByText('Najd Grill');
    const holder = screen.getByTestId('qr-canvases');
    const canvases = [...holder.querySelectorAll('canvas')];
    expect(canvases).toHaveLength(2);
    // Each canvas is drawn again when what it holds changes (the public address arriving): its last drawing.
    const latest = () => canvases.map((c) => drawings.filter((d) => d.canvas === c && d.rects.length > 1).at(-1)!);
    // Once the public address has arrived (before it, the links name this page's own origin and are drawn again):
    // a drawing that matched the first links could otherwise pass here and be compared with the new ones below.
    await waitFor(() => {
      expect(canvases.map((c) => c.getAttribute('data-qr'))).toEqual([
        expect.stringContaining('https://specter.example/'),
        expect.stringContaining('https://specter.example/'),
      ]);
      expect(latest().map((d) => d && jsQR(pixels(d), 255, 255)?.data)).toEqual(
        canvases.map((c) => c.getAttribute('data-qr')),
      );
    });
    for (const d of latest()) {
      // 255 pixels a side (this test DOM's pixel ratio is 1), the background the whole of it.
      expect([d.canvas.width, d.canvas.height]).toEqual([255, 255]);
      expect(d.canvas.style.width).toBe('255px');
      expect(d.rects[0]).toMatchObject({ x: 0, y: 0, w: 255, h: 255 });
      // One 40 x 40 image, in the centre.
      expect(d.images).toHaveLength(1);
      const [img] = d.images;
      expect([img.w, img.h]).toEqual([40, 40]);
      expect(Math.abs(img.x + img.w / 2 - 255 / 2)).toBeLessThan(255 / 30);
      expect(Math.abs(img.y + img.h / 2 - 255 / 2)).toBeLessThan(255 / 30);
      // Level H (the one that still reads with a logo over its centre), and it reads back to the link it holds.
      expect(levelOf(d)).toBe('H');
      const read = jsQR(pixels(d), 255, 255);
      expect(read?.data).toBe(d.canvas.getAttribute('data-qr'));
      expect(JSON.parse(read!.data)[3]).toMatch(/\/user\/invoice\?restId=5&deviceId=dev-[12]$/);
    }
  });
});
