// Admin tokens: a verified token is remembered for a moment (docs/PERFORMANCE.md), never past its own expiry, and
// a forged one never.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../../../server/lib/tokens';

afterEach(() => {
  vi.useRealTimers();
});

describe('admin tokens', () => {
  it('a token verifies to its admin; one signed with another secret or edited does not', async () => {
    const tokens = createTokenService('secret-one', '1h', 60_000);
    const token = await tokens.issue(7);
    expect(await tokens.verify(token)).toMatchObject({ adminId: 7 });
    expect(await tokens.verify(await createTokenService('secret-two', '1h').issue(7))).toBeNull();
    expect(await tokens.verify(`${token.slice(0, -2)}xx`)).toBeNull();
  });

  it('a remembered token stops verifying when it expires, however long the memory', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    const tokens = createTokenService('secret-one', '10s', 60_000);
    const token = await tokens.issue(3);
    expect(await tokens.verify(token)).toMatchObject({ adminId: 3 });
    vi.setSystemTime(new Date('2026-11-23T10:00:05Z'));
    expect(await tokens.verify(token)).toMatchObject({ adminId: 3 });
    vi.setSystemTime(new Date('2026-11-23T10:00:11Z'));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('without memory every call checks the signature (a token past its expiry fails at once)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    const tokens = createTokenService('secret-one', '10s');
    const token = await tokens.issue(3);
    expect(await tokens.verify(token)).toMatchObject({ adminId: 3 });
    vi.setSystemTime(new Date('2026-11-23T10:00:11Z'));
    expect(await tokens.verify(token)).toBeNull();
  });
});
