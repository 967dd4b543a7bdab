import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivacyPage } from '../../../src/privacy/PrivacyPage';
import { onUnhandledRequest } from '../unhandled';

const server = setupServer(
  http.get('*/api/public-config', () =>
    HttpResponse.json({
      contactEmail: 'care@najd.example',
      contactPhone: '+966 55 123 4567',
      appDownloads: 16,
      publicUrl: null,
    }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest }));
afterAll(() => server.close());

describe('Terms and Privacy page', () => {
  it('has every section of the spec, as prose, and the contact footer from configuration', async () => {
    render(<PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Privacy Policy' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    for (const h of [
      'Our Services',
      'Intellectual Property Rights',
      'Returns and Refunds',
      'Software',
      'Prohibited Activities',
      'User Generated Contributions',
      'Mobile Application Licence',
      'Third-Party Websites and Content',
      'Advertisers',
      'Site Management',
      'Privacy',
      'Term and Termination',
      'Modifications and Interruptions',
      'Governing Law',
      'Dispute Resolution',
      'Disclaimer',
      'Limitations of Liability',
      'Indemnification',
      'User Data',
      'Electronic Communications, Transactions and Signatures',
      'Miscellaneous',
      'Contact Us',
      'Information We Collect',
      'Third-Party Login',
      'How We Use and Share Your Information',
      'Opting Out',
      'Keeping Your Information Safe',
      'Account Deletion',
      'Changes to This Policy',
    ]) {
      expect(headings).toContain(h);
    }
    expect(screen.getByText(/All sales are final and no refunds will be issued/)).toBeInTheDocument();
    expect(screen.getByText(/laws of the Kingdom of Saudi Arabia/)).toBeInTheDocument();
    expect(screen.getByText(/thirty \(30\) days/)).toBeInTheDocument();
    expect(screen.getByText(/within 3 working days of the request/)).toBeInTheDocument();
    expect(await screen.findByText('care@najd.example')).toHaveAttribute('href', 'mailto:care@najd.example');
    expect(screen.getByText('+966 55 123 4567')).toBeInTheDocument();
    expect(document.title).toBe('Specter | Terms and Privacy');
  });

  it('Arabic turns the page right-to-left', async () => {
    const user = userEvent.setup();
    render(<PrivacyPage />);
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'الشروط والأحكام' })).toBeInTheDocument();
    expect(await screen.findByText(/3 أيام عمل/)).toBeInTheDocument();
  });
  it("falls back to the default contact details when the configuration can't be read", async () => {
    server.use(http.get('*/api/public-config', () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    render(<PrivacyPage />);
    const footer = screen.getByRole('contentinfo');
    await waitFor(() =>
      expect(within(footer).getByText('support@specter.sa')).toHaveAttribute('href', 'mailto:support@specter.sa'),
    );
    expect(within(footer).getByText('+966 11 000 0000')).toHaveAttribute('href', 'tel:+966110000000');
    server.resetHandlers();
  });

  it('every section has several sentences of prose, in English and in Arabic', async () => {
    const { termsEn, privacyEn } = await import('../../../src/privacy/content.en');
    const { termsAr, privacyAr } = await import('../../../src/privacy/content.ar');
    expect(termsEn).toHaveLength(22);
    expect(privacyEn).toHaveLength(9);
    expect(termsAr.map((s) => s.id)).toEqual(termsEn.map((s) => s.id));
    expect(privacyAr.map((s) => s.id)).toEqual(privacyEn.map((s) => s.id));
    for (const s of [...termsEn, ...privacyEn]) {
      expect(s.body.join(' ').split(/[.!?]\s/).length, s.id).toBeGreaterThanOrEqual(2);
    }
    for (const s of [...termsAr, ...privacyAr]) expect(s.body.join(' ').length, s.id).toBeGreaterThan(100);
  });

  it("says what a restaurant sees without the customer's yes (issue 48): the last 3 digits, never the name, not found by the number", async () => {
    const { privacyEn } = await import('../../../src/privacy/content.en');
    const { privacyAr } = await import('../../../src/privacy/content.ar');
    const en = privacyEn.find((s) => s.id === 'guestbook')!.body.join(' ');
    expect(en).toContain(
      'shows you only by the last 3 digits of your phone number - never your name or your whole number',
    );
    expect(en).toContain('cannot find you by your number');
    const ar = privacyAr.find((s) => s.id === 'guestbook')!.body.join(' ');
    expect(ar).toContain('لا تُظهرك إلا بآخر 3 أرقام من رقم جوالك - دون اسمك أو رقمك كاملًا');
    expect(ar).toContain('ولا يستطيع البحث عنك برقمك');
  });

  it("says how long data is kept, with this server's retention (POS_RETENTION_DAYS, ACTIVITY_RETENTION_DAYS)", async () => {
    server.use(
      http.get('*/api/public-config', () =>
        HttpResponse.json({
          contactEmail: 'care@najd.example',
          contactPhone: '+966 55 123 4567',
          appDownloads: 16,
          publicUrl: null,
          posRetentionDays: 45,
          activityRetentionDays: 400,
        }),
      ),
    );
    const user = userEvent.setup();
    render(<PrivacyPage />);
    expect(screen.getByRole('heading', { level: 3, name: 'How Long We Keep Information' })).toBeInTheDocument();
    const section = document.getElementById('privacy-retention')!;
    await waitFor(() => expect(section).toHaveTextContent('are deleted 45 days after the order closed'));
    expect(section).toHaveTextContent('is deleted after 400 days');
    expect(section).toHaveTextContent('every receipt you saved is deleted with it');
    expect(section.textContent).not.toMatch(/\{/);
    // The spec's deletion text is still there as it was.
    expect(screen.getByText(/within 3 working days of the request/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    await waitFor(() => expect(document.getElementById('privacy-retention')).toHaveTextContent('بعد 45 يومًا'));
    expect(document.getElementById('privacy-retention')).toHaveTextContent('بعد 400 يومًا');
    await user.click(screen.getByRole('button', { name: 'English' }));
    server.resetHandlers();
  });

  it('Arabic: every heading translated, lang ar, and back to English', async () => {
    const user = userEvent.setup();
    render(<PrivacyPage />);
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    expect(document.documentElement.lang).toBe('ar');
    expect(screen.getByRole('heading', { level: 2, name: 'سياسة الخصوصية' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(31));
    expect(screen.getByRole('heading', { level: 3, name: 'حذف الحساب' })).toBeInTheDocument();
    expect(screen.getByText(/المملكة العربية السعودية/, { selector: '#terms-law p' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(document.documentElement.dir).toBe('ltr');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
  });
});
