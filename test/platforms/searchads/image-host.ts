/** Images and a stand-in image host on loopback for the Performance Max tests. */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The first bytes of a PNG of this size (all the size reader needs). */
export function pngOf(width: number, height: number): Buffer {
  const png = Buffer.alloc(64);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(png, 0);
  png.write('IHDR', 12, 'ascii');
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
}

/** A JPEG start with an APP0 segment and a baseline start-of-frame of this size. */
export function jpegOf(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(32)]);
}

/** A stand-in image host on loopback: /landscape.png, /square.jpg, /logo.png, /portrait.png, /tiny.png, /page.html, /private (403). */
export async function startImageHost(): Promise<{ url: string; close: () => Promise<void> }> {
  const files: Record<string, [string, Buffer]> = {
    '/landscape.png': ['image/png', pngOf(1200, 628)],
    '/square.jpg': ['image/jpeg', jpegOf(1200, 1200)],
    '/logo.png': ['image/png', pngOf(512, 512)],
    '/portrait.png': ['image/png', pngOf(960, 1200)],
    '/tiny.png': ['image/png', pngOf(200, 105)],
    '/page.html': ['text/html', Buffer.from('<html><body><img src="/landscape.png"></body></html>')],
  };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/moved.png') return void res.writeHead(302, { Location: '/landscape.png' }).end();
    const file = files[path];
    if (!file) return void res.writeHead(path === '/private' ? 403 : 404).end();
    res.writeHead(200, { 'Content-Type': file[0], 'Content-Length': String(file[1].length) }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
