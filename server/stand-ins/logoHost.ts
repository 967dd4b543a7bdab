// A restaurant's own web host, serving its logo (the tests of server/pos/logoCopy.ts, and bench/lighthouse.ts's logo
// on another origin): each path answers what the test sets - an image, a page, a redirect, a slow or held answer -
// and every request is counted by path.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

export interface LogoAnswer {
  status?: number;
  contentType?: string;
  body?: Buffer | string;
  headers?: Record<string, string>;
  /** Answered only once this settles (a slow host, or one the test releases). */
  after?: Promise<unknown>;
}

export interface LogoHost {
  url: string;
  /** Requests so far, by path. */
  requests: Map<string, number>;
  set(path: string, answer: LogoAnswer): void;
  close(): Promise<void>;
}

/** A PNG of `width` x `height` pixels, transparent unless `pixel` colours them (RGBA); `pad` bytes of a text chunk
 * make it as large as wanted. */
export function pngImage(
  width: number,
  height: number,
  pad = 0,
  pixel: (x: number, y: number) => readonly [number, number, number, number] | null = () => null,
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 6; // RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height); // each row: filter 0, then its pixels
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const rgba = pixel(x, y);
      if (rgba) rows.set(rgba, y * (width * 4 + 1) + 1 + x * 4);
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(pad ? [chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(pad, 0x20)]))] : []),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function startLogoHost(host = '127.0.0.1'): Promise<LogoHost> {
  const answers = new Map<string, LogoAnswer>();
  const requests = new Map<string, number>();
  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    requests.set(path, (requests.get(path) ?? 0) + 1);
    const answer = answers.get(path) ?? { status: 404, contentType: 'text/plain', body: 'not found' };
    await answer.after;
    if (res.destroyed) return;
    res.writeHead(answer.status ?? 200, {
      ...(answer.contentType ? { 'content-type': answer.contentType } : {}),
      'cache-control': 'public, max-age=3600',
      ...answer.headers,
    });
    res.end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    requests,
    set: (path, answer) => void answers.set(path, answer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
