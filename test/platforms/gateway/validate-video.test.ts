import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkVideoUrl, classifyAddress, type HeadRequester, type Resolver } from '../../../platforms/video-check';
import { callTool, callToolOk, createTestOwner, useTestTables } from '../../support/gateway';

useTestTables();

// The modules themselves (not an import namespace copy), so spies see every request made.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nodeHttp: typeof http = require('node:http');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nodeHttps: typeof import('node:https') = require('node:https');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nodeDns: typeof import('node:dns/promises') = require('node:dns/promises');

/** A local server standing in for a CDN, a web page and a redirecting link. */
let server: http.Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    switch (req.url) {
      case '/ad.mp4':
        res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': '7340032' });
        return res.end(req.method === 'HEAD' ? undefined : Buffer.alloc(16));
      case '/page':
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return res.end(req.method === 'HEAD' ? undefined : '<html><body>Watch our video</body></html>');
      case '/redirect':
        res.writeHead(302, { Location: '/ad.mp4' });
        return res.end();
      case '/huge.mp4':
        res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': String(600 * 1024 * 1024) });
        return res.end();
      case '/no-head.mov':
        if (req.method === 'HEAD') {
          res.writeHead(405);
          return res.end();
        }
        res.writeHead(206, { 'Content-Type': 'video/quicktime', 'Content-Range': 'bytes 0-0/3145728', 'Content-Length': '1' });
        return res.end(Buffer.alloc(1));
      case '/clip.webm':
        res.writeHead(200, { 'Content-Type': 'video/webm', 'Content-Length': '1000' });
        return res.end();
      case '/to-private':
        res.writeHead(301, { Location: 'http://10.0.0.1/x.mp4' });
        return res.end();
      default: {
        const loop = /^\/loop(\d+)$/.exec(req.url ?? '');
        if (loop) {
          res.writeHead(302, { Location: `/loop${Number(loop[1]) + 1}` });
          return res.end();
        }
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        return res.end('not found');
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('Tool: validate_video', () => {
  it('accepts a direct video link and reports type, format and size', async () => {
    const { apiKey } = await createTestOwner();
    const data = await callToolOk(apiKey, 'validate_video', { video_url: `${base}/ad.mp4` });
    expect(data.structured!.valid).toBe(true);
    expect(data.structured!.content_type).toBe('video/mp4');
    expect(data.structured!.format).toBe('MP4');
    expect(data.structured!.size_bytes).toBe(7340032);
    expect(data.structured!.platform).toBe('shortvideo');
    // The limits it cannot check are stated.
    expect(data.text).toContain('5-60 seconds');
    expect(data.text).toContain('9:16');
    expect(data.structured!.not_checked.join(' ')).toContain('duration');
  });

  it('rejects a web page: "this is a web page, not a direct download link"', async () => {
    const { apiKey } = await createTestOwner();
    const data = await callToolOk(apiKey, 'validate_video', { video_url: `${base}/page` });
    expect(data.structured!.valid).toBe(false);
    expect(data.structured!.content_type).toBe('text/html');
    expect(data.text).toContain('this is a web page, not a direct download link');
  });

  it('follows a redirect to the video and re-checks the target', async () => {
    const { apiKey } = await createTestOwner();
    const data = await callToolOk(apiKey, 'validate_video', { video_url: `${base}/redirect` });
    expect(data.structured!.valid).toBe(true);
    expect(data.structured!.final_url).toBe(`${base}/ad.mp4`);
    expect(data.structured!.redirects).toEqual([`${base}/ad.mp4`]);
  });

  it('stops after 3 redirects', async () => {
    const { apiKey } = await createTestOwner();
    const data = await callToolOk(apiKey, 'validate_video', { video_url: `${base}/loop0` });
    expect(data.structured!.valid).toBe(false);
    expect(data.structured!.redirects).toHaveLength(3);
    expect(data.structured!.problems.join(' ')).toContain('more than 3 times');
  });

  it('rejects a file above 500 MB, and a format the platform does not take', async () => {
    const { apiKey } = await createTestOwner();
    const huge = await callToolOk(apiKey, 'validate_video', { video_url: `${base}/huge.mp4` });
    expect(huge.structured!.valid).toBe(false);
    expect(huge.structured!.problems.join(' ')).toContain('500 MB');
    const webm = await callToolOk(apiKey, 'validate_video', { video_url: `${base}/clip.webm` });
    expect(webm.structured!.valid).toBe(false);
    expect(webm.structured!.problems.join(' ')).toContain('WEBM is not accepted');
  });

  it('falls back to a ranged GET when HEAD is refused', async () => {
    const { apiKey } = await createTestOwner();
    const data = await callToolOk(apiKey, 'validate_video', { video_url: `${base}/no-head.mov` });
    expect(data.structured!.valid).toBe(true);
    expect(data.structured!.method_used).toBe('GET');
    expect(data.structured!.format).toBe('MOV');
    expect(data.structured!.size_bytes).toBe(3145728);
    expect(hits).toContain('GET /no-head.mov');
  });

  it('refuses private and link-local addresses before any network request', async () => {
    const { apiKey } = await createTestOwner();
    const httpSpy = jest.spyOn(nodeHttp, 'request');
    const httpsSpy = jest.spyOn(nodeHttps, 'request');
    try {
      for (const url of [
        'http://10.0.0.1/x.mp4',
        'http://169.254.169.254/',
        'http://192.168.1.20/a.mp4',
        'http://172.16.5.4/a.mp4',
        'http://0.0.0.0/a.mp4',
        'http://[fd00::1]/a.mp4',
        'http://[fe80::1]/a.mp4',
        'http://[::ffff:10.0.0.1]/a.mp4',
      ]) {
        const result = await callTool(apiKey, 'validate_video', { video_url: url });
        expect(result.status).toBe(400);
        expect(result.body.error).toMatch(/`video_url` is refused: .*private, link-local or reserved/);
      }
      expect(httpSpy).not.toHaveBeenCalled();
      expect(httpsSpy).not.toHaveBeenCalled();
    } finally {
      httpSpy.mockRestore();
      httpsSpy.mockRestore();
    }
  });

  it('refuses a redirect to a private address without following it', async () => {
    const { apiKey } = await createTestOwner();
    const httpSpy = jest.spyOn(nodeHttp, 'request');
    try {
      const result = await callTool(apiKey, 'validate_video', { video_url: `${base}/to-private` });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('10.0.0.1');
      // Only the first hop (to the loopback test server) was ever requested.
      expect(httpSpy).toHaveBeenCalledTimes(1);
    } finally {
      httpSpy.mockRestore();
    }
  });

  it('refuses loopback in every spelling unless the test-only setting is on, and sends nothing', async () => {
    const { apiKey } = await createTestOwner();
    const port = (server.address() as AddressInfo).port;
    const before = hits.length;
    const httpSpy = jest.spyOn(nodeHttp, 'request');
    delete process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS;
    try {
      const spellings = [
        '127.0.0.1',
        '0x7f000001',
        '2130706433',
        '127.1',
        '0177.0.0.1',
        '017700000001',
        '0x7f.0.0.1',
        '127.0.0.1.',
        '[::1]',
        '[::ffff:7f00:1]',
        '[::ffff:127.0.0.1]',
        '[0:0:0:0:0:ffff:7f00:1]',
        '[::ffff:0:7f00:1]',
        '[::127.0.0.1]',
        '[::7f00:1]',
        'localhost',
        'LOCALHOST.',
        'video.localhost',
      ];
      for (const host of spellings) {
        const result = await callTool(apiKey, 'validate_video', { video_url: `http://${host}:${port}/ad.mp4` });
        expect([host, result.status]).toEqual([host, 400]);
        // Refused with the arguments, as every URL argument of every tool is (functions/runtime/validation.ts).
        expect(result.body.error).toMatch(/`video_url` is refused: .*(loopback|local machine)/);
        expect(result.body.structured_content).toMatchObject({ code: 'invalid_arguments' });
      }
      expect(httpSpy).not.toHaveBeenCalled();
    } finally {
      process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS = 'true';
      httpSpy.mockRestore();
    }
    expect(hits.length).toBe(before);
  });

  it('refuses unspecified, private, carrier-grade NAT, metadata and IPv4-compatible addresses in every spelling', async () => {
    const { apiKey } = await createTestOwner();
    const httpSpy = jest.spyOn(nodeHttp, 'request');
    try {
      const hosts = [
        '0',
        '0.0.0.0',
        '[::]',
        '0x0a000001',
        '167772161',
        '10.1',
        '012.0.0.1',
        '[::a00:1]',
        '[::10.0.0.1]',
        '[::ffff:a00:1]',
        '100.64.0.1',
        '100.100.100.200',
        '169.254.169.254',
        '0xa9fea9fe',
        '[::ffff:a9fe:a9fe]',
        '[fd00:ec2::254]',
        '192.0.0.192',
        '[64:ff9b::a00:1]',
        '[2002:a00:1::1]',
        '[::8.8.8.8]',
      ];
      for (const host of hosts) {
        const result = await callTool(apiKey, 'validate_video', { video_url: `http://${host}/a.mp4` });
        expect([host, result.status]).toEqual([host, 400]);
        expect(result.body.error).toMatch(/`video_url` is refused: .*private, link-local or reserved/);
      }
      expect(httpSpy).not.toHaveBeenCalled();
    } finally {
      httpSpy.mockRestore();
    }
  });

  it('answers 400 (not 500) when the host name does not resolve, in validate_video and create_shortvideo_video_campaign', async () => {
    const { apiKey } = await createTestOwner({ accounts: { shortvideo: 1 } });
    // Stands in for DNS: no test may send a query beyond this machine.
    const lookupSpy = jest
      .spyOn(nodeDns, 'lookup')
      .mockRejectedValue(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
    try {
      const checked = await callTool(apiKey, 'validate_video', { video_url: 'https://no-such-host.example/ad.mp4' });
      expect(checked.status).toBe(400);
      expect(checked.body.error).toContain('no-such-host.example could not be resolved');
      expect(checked.body.structured_content).toMatchObject({ refused: false });
      const created = await callTool(apiKey, 'create_shortvideo_video_campaign', {
        campaign_name: 'Unresolvable',
        budget_daily: 80,
        ad_text: 'Try it today',
        landing_page_url: 'https://shop.example/',
        video_url: 'https://no-such-host.example/ad.mp4',
      });
      expect(created.status).toBe(400);
      expect(created.body.error).toContain('Nothing was created');
      expect(created.body.error).toContain('could not be resolved');
    } finally {
      lookupSpy.mockRestore();
    }
  });

  it('refuses a host name when any of its addresses is loopback or private', async () => {
    const { apiKey } = await createTestOwner();
    const lookupSpy = jest.spyOn(nodeDns, 'lookup').mockResolvedValue([
      { address: '93.184.215.14', family: 4 },
      { address: '::ffff:7f00:1', family: 6 },
    ] as never);
    const httpSpy = jest.spyOn(nodeHttp, 'request');
    delete process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS;
    try {
      const result = await callTool(apiKey, 'validate_video', { video_url: 'https://two-faced.example/ad.mp4' });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('::ffff:7f00:1');
      expect(httpSpy).not.toHaveBeenCalled();
    } finally {
      process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS = 'true';
      lookupSpy.mockRestore();
      httpSpy.mockRestore();
    }
  });

  it('connects to the address it checked: DNS is asked once per hop, and a second answer is never used', async () => {
    const { apiKey } = await createTestOwner();
    const answers = ['127.0.0.1', '10.0.0.1'];
    const lookupSpy = jest
      .spyOn(nodeDns, 'lookup')
      .mockImplementation((async () => [{ address: answers.shift() ?? '10.0.0.1', family: 4 }]) as never);
    const port = (server.address() as AddressInfo).port;
    const before = hits.length;
    try {
      const data = await callToolOk(apiKey, 'validate_video', { video_url: `http://rebinding.example:${port}/ad.mp4` });
      expect(data.structured!.valid).toBe(true);
      expect(lookupSpy).toHaveBeenCalledTimes(1);
      expect(hits.slice(before)).toEqual(['HEAD /ad.mp4']);
    } finally {
      lookupSpy.mockRestore();
    }
  });

  it('refuses schemes other than http and https', async () => {
    const { apiKey } = await createTestOwner();
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a.mp4', 'gopher://example.com/']) {
      const result = await callTool(apiKey, 'validate_video', { video_url: url });
      expect(result.status).toBe(400);
      expect(result.body.error).toContain('Only http and https');
    }
  });

  it('rejects an unknown platform word naming the field', async () => {
    const { apiKey } = await createTestOwner();
    const result = await callTool(apiKey, 'validate_video', { video_url: `${base}/ad.mp4`, platform: 'tiktok' });
    expect(result.status).toBe(400);
    expect(result.body.error).toContain('`platform` must be one of');
  });

  it("applies another platform's limits when asked", async () => {
    const { apiKey } = await createTestOwner();
    const data = await callToolOk(apiKey, 'validate_video', { video_url: `${base}/ad.mp4`, platform: 'proads' });
    expect(data.structured!.platform).toBe('proads');
    expect(data.structured!.limits.max_size_mb).toBe(200);
  });
});

describe('Function: checkVideoUrl', () => {
  it('refuses a host name that resolves to a private address, and sends nothing', async () => {
    const request = jest.fn<ReturnType<HeadRequester>, Parameters<HeadRequester>>();
    const resolve: Resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    await expect(checkVideoUrl('https://cdn.example.com/a.mp4', { resolve, request })).rejects.toThrow(/10\.1\.2\.3/);
    expect(request).not.toHaveBeenCalled();
  });

  it('connects to the address it checked, and checks each redirect target', async () => {
    const seen: string[] = [];
    const request: HeadRequester = async (target) => {
      seen.push(`${target.url.hostname}@${target.address}`);
      return target.url.hostname === 'short.example'
        ? { status: 302, headers: { location: 'https://metadata.example/latest' } }
        : { status: 200, headers: { 'content-type': 'video/mp4' } };
    };
    const resolve: Resolver = async (host) => [{ address: host === 'short.example' ? '151.101.1.1' : '169.254.169.254', family: 4 }];
    await expect(checkVideoUrl('https://short.example/v', { resolve, request })).rejects.toThrow(/169\.254\.169\.254/);
    expect(seen).toEqual(['short.example@151.101.1.1']);
  });

  it('refuses a redirect to loopback or a private address in any spelling, without following it', async () => {
    delete process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS;
    try {
      for (const location of [
        'http://0x7f000001/',
        'http://2130706433:9000/',
        'http://127.1/',
        'http://0177.0.0.1/',
        'http://[::ffff:7f00:1]/',
        'http://[::127.0.0.1]/',
        'http://[::a00:1]/',
        'http://0xa9fea9fe/latest',
        'http://localhost/',
      ]) {
        const request = jest.fn<ReturnType<HeadRequester>, Parameters<HeadRequester>>(async () => ({ status: 302, headers: { location } }));
        const resolve: Resolver = async () => [{ address: '151.101.1.1', family: 4 }];
        await expect(checkVideoUrl('https://cdn.example/v.mp4', { resolve, request })).rejects.toThrow(/Refused to fetch/);
        expect(request).toHaveBeenCalledTimes(1);
      }
    } finally {
      process.env.UNSAFE_ALLOW_LOOPBACK_FETCH_FOR_TESTS = 'true';
    }
  });

  it('answers a resolver that never returns as an unresolvable host, within the timeout', async () => {
    const request = jest.fn<ReturnType<HeadRequester>, Parameters<HeadRequester>>();
    const resolve: Resolver = () => new Promise(() => undefined);
    await expect(checkVideoUrl('https://slow-dns.example/v.mp4', { resolve, request, timeoutMs: 50 })).rejects.toThrow(
      /could not be resolved/,
    );
    expect(request).not.toHaveBeenCalled();
  });

  it('classifies addresses', () => {
    expect(classifyAddress('8.8.8.8')).toBe('public');
    expect(classifyAddress('127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::1')).toBe('loopback');
    for (const a of [
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '0.0.0.0',
      'fc00::1',
      'fd12::1',
      'fe80::1',
      '::ffff:192.168.1.1',
      '::ffff:a00:1',
    ]) {
      expect(classifyAddress(a)).toBe('blocked');
    }
    expect(classifyAddress('172.32.0.1')).toBe('public');
    // Every spelling of an IPv4 address, and IPv6 forms that carry one.
    for (const a of [
      '0x7f000001',
      '2130706433',
      '127.1',
      '0177.0.0.1',
      '0x7f.1',
      '::7f00:1',
      '::127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:127.0.0.1',
      '::ffff:0:7f00:1',
    ]) {
      expect([a, classifyAddress(a)]).toEqual([a, 'loopback']);
    }
    for (const a of [
      '::',
      '::a00:1',
      '::10.0.0.1',
      '::8.8.8.8',
      '100.64.0.1',
      '100.127.255.255',
      '0xa9fea9fe',
      'fe80::1%eth0',
      '64:ff9b::808:808',
      '2001:db8::1',
      'not an address',
      '256.0.0.1',
    ]) {
      expect([a, classifyAddress(a)]).toEqual([a, 'blocked']);
    }
    for (const a of ['8.8.8.8', '100.128.0.1', '::ffff:8.8.8.8', '2606:4700::1111', '2001:4860:4860::8888']) {
      expect([a, classifyAddress(a)]).toEqual([a, 'public']);
    }
  });
});
