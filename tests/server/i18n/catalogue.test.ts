import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ar } from '../../../server/i18n/ar';
import { en } from '../../../server/i18n/en';
import { keyOf, localise, pickLanguage, waitInWords } from '../../../server/i18n';

// One catalogue per language; every key in both, with the same {placeholders}; and every sentence the server can
// throw (read from the source of every module) has its key unless no customer's call reaches it, so none reaches
// a customer untranslated.
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the server message catalogues', () => {
  it('English and Arabic hold exactly the same keys', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
  });

  it('each Arabic message is Arabic (has Arabic letters), differs from the English and has the same {placeholders}', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(ar[key], key).toMatch(/[\u0600-\u06FF]/);
      expect(ar[key], key).not.toBe(en[key]);
      expect(placeholders(ar[key]), key).toEqual(placeholders(en[key]));
    }
  });

  // Every module of the server is read (the stand-ins, the migrations and the catalogues themselves aside): a
  // sentence anywhere must be catalogued, unless a customer's call cannot reach it. Those are listed here, a whole
  // module when none of its calls is a customer's (the back-office's, a POS's, the metrics), else sentence by
  // sentence: the back-office and the POS are answered in English (docs/API.md, "Errors").
  const SKIPPED = /stand-ins|migrations|[/\\]i18n[/\\]/;
  const NOT_THE_CUSTOMERS: Record<string, string> = {
    'server/routes/admins.ts': 'accounts of the back-office',
    'server/routes/auth.ts': "the back-office's sign-in and password",
    'server/routes/totp.ts': "the back-office's two-step sign-in",
    'server/routes/guests.ts': 'the guestbook screen',
    'server/routes/restaurants.ts': 'the restaurants screens',
    'server/routes/savedOrders.ts': 'the Orders screen',
    'server/routes/userLocks.ts': "an admin lifting a phone's lock",
    'server/routes/foodicsWebhook.ts': "Foodics' webhooks",
    'server/routes/posPush.ts': "a Specter POS's pushes",
    'server/plugins/auth.ts': "the back-office's guard",
    'server/db/loginThrottle.ts': "the back-office's sign-in limits",
    'server/db/paging.ts': "the back-office's lists",
    'server/export/tickets.ts': "the back-office's CSV downloads",
    'server/lib/metrics.ts': "the metrics' help texts (not messages)",
    'server/routes/rewards.ts': "the back-office's rewards",
    'server/routes/loyaltyMembers.ts': "the back-office's loyalty members",
    'server/routes/loyaltyLedger.ts': "the back-office's loyalty ledger",
    'server/db/repositories/loyaltyMembers.ts': "a member's adjustment in the back-office",
    'server/routes/foodicsLoyalty.ts': "Foodics' Loyalty Adapter (the till's calls, answered in English)",
  };
  const NOT_THE_CUSTOMERS_SENTENCES: Record<string, string[]> = {
    // DELETE /user/{id} (an admin); POST /user's customer input is answered by parseCustomerInput, catalogued.
    'server/routes/users.ts': ['App user not found'],
    // parseOr400: POST /user creating an admin; the customer's parseCustomerInput reads the catalogue.
    'server/lib/validate.ts': ["${field}: ${issue?.message ?? 'is invalid'}"],
    // The OpenAPI document's title.
    'server/app.ts': ['Specter API'],
  };
  const walk = (p: string): string[] =>
    statSync(p).isDirectory() ? readdirSync(p).flatMap((f) => walk(path.join(p, f))) : p.endsWith('.ts') ? [p] : [];
  const files = walk('server')
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => !SKIPPED.test(f) && !(f in NOT_THE_CUSTOMERS));
  const THROWN = [
    /(?:PosError|HttpError)\(\s*[^,()]+,\s*(['"`])((?:(?!\1).)+)\1/g,
    /(?:badRequest|notFound|conflict|tooMany|unauthorized)\(\s*(['"`])((?:(?!\1).)+)\1/g,
    /^(?:export )?const [A-Z][A-Z_]+ = (['"`])((?:(?!\1).)*[a-z](?:(?!\1).)*)\1;/gm,
    // (a route's OpenAPI texts, summary, description and a declared resource's per-action ones, are not messages)
    /^\s+(?!summary\b|description\b|list\b|show\b|create\b|edit\b|delete\b|export\b)[a-zA-Z]+: (['"])((?:(?!\1).)+[ ,;](?:(?!\1).)+)\1,$/gm, // entries of message objects (CLAIM_MESSAGES...)
  ];
  // Sentences that are not messages: the admin's own, log lines, SQL, includes and the like. The refusals of text
  // that is not well-formed (server/plugins/errors.ts) are the admin calls' field messages (the back-office says them
  // in its language: src/admin/feedback/serverTexts.ts); a public call gets its field's own sentence instead.
  const NOT_MESSAGES =
    /^\[|\bselect\b|insert into|^products\.|^\/|Route \$\{|must not contain a NUL|must be well-formed text|\$\{at/;

  it("reads every folder of the server, and each module listed as not the customer's exists", () => {
    const folders = new Set(files.map((f) => path.posix.dirname(f)));
    for (const folder of ['server', 'server/routes', 'server/plugins', 'server/lib', 'server/core', 'server/db'])
      expect(folders, folder).toContain(folder);
    for (const folder of ['server/otp', 'server/pos', 'server/customer', 'server/funnel', 'server/sms', 'server/vat'])
      expect(folders, folder).toContain(folder);
    for (const file of [...Object.keys(NOT_THE_CUSTOMERS), ...Object.keys(NOT_THE_CUSTOMERS_SENTENCES)])
      expect(statSync(file).isFile(), file).toBe(true);
  });

  /** A page that carries its own en + ar table (a server-rendered page, e.g. the shared receipt): the entry's key
   * has an Arabic text in the same file's `ar: {` block. */
  const ownArabic = (src: string, entry: string) => {
    const key = /^\s+([a-zA-Z]+): /.exec(entry)?.[1];
    const arBlock = /^\s+ar: \{$([\s\S]*?)^\s+\},?$/m.exec(src)?.[1];
    if (!key || !arBlock) return false;
    return new RegExp(`^\\s+${key}: (['"\`]).*[\\u0600-\\u06FF].*\\1,$`, 'm').test(arBlock);
  };

  it('every sentence the public calls can throw has its key (a ${value} in it matches a {placeholder})', () => {
    const missing: string[] = [];
    let found = 0;
    for (const file of files) {
      const src = readFileSync(file, 'utf8');
      for (const re of THROWN) {
        for (const m of src.matchAll(re)) {
          const text = m[2];
          if (NOT_MESSAGES.test(text) || !/[a-z] [a-z]/i.test(text)) continue;
          found++;
          const sample = text.replace(/\$\{[^}]+\}/g, 'X');
          if (NOT_THE_CUSTOMERS_SENTENCES[file]?.includes(text)) continue;
          if (!keyOf(sample) && !ownArabic(src, m[0])) missing.push(`${file}: ${text}`);
        }
      }
    }
    expect(found).toBeGreaterThan(15);
    expect(missing).toEqual([]);
  });

  it('Accept-Language picks Arabic for ar, ar-SA and ar-EG, by weight, and English otherwise', () => {
    expect(pickLanguage('ar')).toBe('ar');
    expect(pickLanguage('ar-SA,ar;q=0.9,en;q=0.8')).toBe('ar');
    expect(pickLanguage('en-US,en;q=0.9,ar;q=0.8')).toBe('en');
    expect(pickLanguage('fr-FR, ar-EG;q=0.5')).toBe('ar');
    expect(pickLanguage('fr-FR,de')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage('ar;q=0, en;q=0.1')).toBe('en');
  });

  it('a limit says its wait in words, rounded up: seconds, minutes, hours, in each language', () => {
    expect(waitInWords('en', 45)).toBe('45 seconds');
    expect(waitInWords('en', 14 * 60 + 1)).toBe('15 minutes');
    expect(waitInWords('en', 5 * 3600)).toBe('5 hours');
    expect(waitInWords('ar', 14 * 60)).toMatch(/^14 دقيقة$/);
    expect(localise(en.tooManyAttempts, 'ar', 600)).toBe(`${ar.tooManyAttempts} (حاول مرة أخرى بعد 10 دقائق)`);
    expect(localise(en.tooManyAttempts, 'en', 600)).toBe(`${en.tooManyAttempts} (try again in 10 minutes)`);
  });

  it('a sentence with a value keeps the value in the other language; an unknown sentence passes unchanged', () => {
    expect(localise('No point-of-sale connection for system type Square', 'ar')).toBe(
      'لا يوجد اتصال بنظام نقاط البيع من نوع Square',
    );
    expect(localise('phone: Enter a valid mobile number', 'en')).toBe(en.invalidPhone);
    expect(localise('Something nobody catalogued', 'ar')).toBe('Something nobody catalogued');
  });
});
