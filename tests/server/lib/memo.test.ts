// The short memory of answers (server/lib/memo.ts): peek answers only what is loaded and fresh, never a load
// under way, an expired answer, a forgotten one or a failed load - the hot till's front door relies on it.
import { describe, expect, it } from 'vitest';
import { memo } from '../../../server/lib/memo';

describe('memo.peek', () => {
  it('answers a loaded, fresh answer; nothing while it loads, once it expires or is forgotten', async () => {
    const m = memo<string>(40);
    let finish!: (v: string) => void;
    const loading = m.get('till', () => new Promise<string>((r) => (finish = r)));
    expect(m.peek('till')).toBeUndefined();
    finish('answer');
    await loading;
    expect(m.peek('till')).toBe('answer');
    m.forget('till');
    expect(m.peek('till')).toBeUndefined();
    await m.get('till', async () => 'again');
    expect(m.peek('till')).toBe('again');
    await new Promise((r) => setTimeout(r, 60));
    expect(m.peek('till')).toBeUndefined();
  });

  it('never answers a failed load, and keeps nothing with no memory (ttl 0)', async () => {
    const m = memo<string>(1000);
    await expect(m.get('till', () => Promise.reject(new Error('POS down')))).rejects.toThrow('POS down');
    expect(m.peek('till')).toBeUndefined();
    const none = memo<string>(0);
    await none.get('till', async () => 'answer');
    expect(none.peek('till')).toBeUndefined();
  });
});
