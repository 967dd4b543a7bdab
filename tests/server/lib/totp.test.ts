// The TOTP check's drift window (docs/SECURITY.md, "Two-step sign-in"): a code of the current 30-second step or
// of one step either side is accepted, and nothing further: a code read off a phone two steps (a minute) early or
// late is refused, so a code seen over a shoulder is good for at most a minute and a half.
import { describe, expect, it } from 'vitest';
import { newTotpSecret, totpCode, totpStep } from '../../../server/lib/totp';

const STEP_MS = 30_000;
// The middle of a step, so that "one step earlier" and "one step later" are whole steps away whatever the step.
const NOW = 1_790_000_000 * 1000 + 15_000;
const step = Math.floor(NOW / STEP_MS);

describe('totpStep: one step of drift either way', () => {
  const { secret } = newTotpSecret('drift@example.com');
  const codeAt = (steps: number) => totpCode(secret, NOW + steps * STEP_MS);

  it("the current step's code, and the codes one step before and after, are accepted as their own step", () => {
    expect(totpStep(secret, codeAt(0), NOW)).toBe(step);
    expect(totpStep(secret, codeAt(-1), NOW)).toBe(step - 1);
    expect(totpStep(secret, codeAt(1), NOW)).toBe(step + 1);
  });

  it('codes two and three steps away, either way, are refused', () => {
    for (const steps of [-3, -2, 2, 3]) {
      const code = codeAt(steps);
      // Two steps' codes can be equal by chance (1 in a million): such a code is the nearer step's, not a drift.
      if ([-1, 0, 1].some((near) => codeAt(near) === code)) continue;
      expect(totpStep(secret, code, NOW), `${steps} steps away`).toBeNull();
    }
  });

  it('a code of another secret, and anything but six digits, are refused', () => {
    expect(totpStep(newTotpSecret('other@example.com').secret, codeAt(0), NOW)).toBeNull();
    expect(totpStep(secret, `${codeAt(0)}0`, NOW)).toBeNull();
    expect(totpStep(secret, 'abcdef', NOW)).toBeNull();
  });
});
