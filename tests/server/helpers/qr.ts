// Reads a QR code drawn as SVG by the `qrcode` library back to its text: the dark modules are horizontal
// strokes ("M x y.5 h n m dx dy h n ..."); they are painted into an RGBA bitmap, 8 pixels a module, and
// decoded with jsQR, the way a phone's camera would read the printed code.
import jsQR from 'jsqr';

export function decodeQrSvg(svg: string): string | null {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const d = /<path stroke="[^"]+" d="([^"]+)"/.exec(svg)?.[1];
  if (!size || !d) return null;
  const scale = 8;
  const px = size * scale;
  const rgba = new Uint8ClampedArray(px * px * 4).fill(255);
  let x = 0;
  let y = 0;
  for (const [, cmd, a, b] of d.matchAll(/([MmHh])\s*(-?[\d.]+)(?:\s+(-?[\d.]+))?/g)) {
    if (cmd === 'M') {
      x = Number(a);
      y = Math.floor(Number(b));
    } else if (cmd === 'm') {
      x += Number(a);
      y += Math.round(Number(b));
    } else {
      const n = Number(a);
      for (let cx = x; cx < x + n; cx++) {
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++) {
            const i = ((y * scale + dy) * px + cx * scale + dx) * 4;
            rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
          }
      }
      x += n;
    }
  }
  return jsQR(rgba, px, px)?.data ?? null;
}
