// TRUST_PROXY (docs/DEPLOYMENT.md): the client address that every per-address limit counts is the socket's,
// unless the peer is one of the named proxies (or within the trusted hops). `true` is refused at start.
// A forged X-Forwarded-For from anyone else changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { createTestApp, type TestApp } from '../helpers/app';

const SEND_LIMIT = {
  OTP_IP_SENDS_PER_10M: '30',
  OTP_SENDS_PER_15M: '100',
  OTP_SENDS_PER_HOUR: '100',
  OTP_SENDS_PER_DAY: '100',
  OTP_RESEND_SECONDS: '0',
};
const phone = (i: number) => `05390${String(i).padStart(5, '0')}`;

describe('TRUST_PROXY in the configuration', () => {
  it('true (or yes/on) is refused with a line that names TRUST_PROXY and what to write instead', () => {
    for (const v of ['true', 'TRUE', 'yes', 'on']) {
      expect(() => loadConfig({ TRUST_PROXY: v }), v).toThrow(
        /TRUST_PROXY[\s\S]*true would let any client choose its address[\s\S]*CIDR/,
      );
    }
  });

  it('takes addresses and CIDR ranges (comma-separated), named ranges, or a hop count; refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1, fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).TRUST_PROXY).toEqual(['loopback', 'uniquelocal']);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    for (const v of ['10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/2', '*', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: v }), v).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('TRUST_PROXY=10.0.0.0/8: a proxy inside the range is believed, anyone else is not', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...SEND_LIMIT, TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(() => t.close());
  const send = (i: number, peer: string, xff: string) =>
    t.app.inject({
      method: 'POST',
      url: '/user',
      payload: { phone: phone(i) },
      remoteAddress: peer,
      headers: { 'x-forwarded-for': xff },
    });

  it('an untrusted peer forging a new X-Forwarded-For each time is still counted as itself: the 31st send is 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send(i, '203.0.113.5', `198.51.100.${i + 1}`)).statusCode);
    expect(statuses).toEqual([...Array(30).fill(200), 429]);
  });

  it('an untrusted peer cannot reset the sign-in limit with a forged header either', async () => {
    const login = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/admin/login',
        remoteAddress: '203.0.113.6',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        payload: { email: 'someone@example.com', password: 'wrong-pass' },
      });
    for (let i = 0; i < 10; i++) expect((await login(i)).statusCode).toBe(401);
    expect((await login(99)).statusCode).toBe(429);
  });

  it('behind the trusted proxy, each client is counted by the address the proxy reports', async () => {
    // 31 clients through one proxy: none is refused, since each is its own address.
    for (let i = 0; i < 31; i++) expect((await send(100 + i, '10.1.2.3', `198.51.100.${i + 1}`)).statusCode).toBe(200);
    // One client through the proxy, 31 times: its own limit applies.
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send(200 + i, '10.1.2.3', '198.51.100.200')).statusCode);
    expect(statuses).toEqual([...Array(30).fill(200), 429]);
  });
});

describe('TRUST_PROXY=1: one hop, the address the nearest proxy appended', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...SEND_LIMIT, TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('a client that writes its own X-Forwarded-For before the proxy appends the real one is counted by the real one', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/user',
        payload: { phone: phone(300 + i) },
        remoteAddress: '10.9.0.1',
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}, 198.51.100.77` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(30).fill(200), 429]);
    // A different real client behind the same proxy is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/user',
      payload: { phone: phone(399) },
      remoteAddress: '10.9.0.1',
      headers: { 'x-forwarded-for': '198.51.100.78' },
    });
    expect(other.statusCode).toBe(200);
  });
});
