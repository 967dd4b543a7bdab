import { localDate } from '../../../src/contract/dates';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedReceipt } from '../../../src/contract/customer';
import { TEXTS } from '../../../src/invoice/i18n';
import { PrintButtons } from '../../../src/invoice/PrintButtons';
import { RECEIPTS_TEXTS } from '../../../src/receipts/i18n';
import { ShareButtons } from '../../../src/receipts/ShareButtons';
import { INVOICE } from './fixtures';

// My receipts' Share and Stop sharing (docs/CUSTOMER.md, Sharing a receipt) against msw stand-ins of
// POST/DELETE /customer/receipts/{id}/share: the phone's share sheet when the browser has one, the clipboard
// where it has none; and Print / Save as PDF, which opens the browser's print dialog with the page size chosen.
const RECEIPT = { ...INVOICE, id: 100 } as unknown as SavedReceipt;
const LINK = { url: 'https://receipts.example.com/r/AbCdEfGhIjKlMnOpQrStUv', expires_at: '2026-12-25T10:00:00.000Z' };

let calls: string[] = [];
const server = setupServer(
  http.post('*/customer/receipts/:id/share', ({ params }) => {
    calls.push(`POST ${params.id}`);
    return HttpResponse.json(LINK, { status: 201 });
  }),
  http.delete('*/customer/receipts/:id/share', ({ params }) => {
    calls.push(`DELETE ${params.id}`);
    return new HttpResponse(null, { status: 204 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  calls = [];
});

/** Gives the page's navigator a share sheet and a clipboard, or takes them away (undefined). */
function browserHas(opts: { share?: (data: ShareData) => Promise<void>; clipboard?: (text: string) => Promise<void> }) {
  Object.defineProperty(navigator, 'share', { configurable: true, value: opts.share });
  Object.defineProperty(navigator, 'canShare', { configurable: true, value: opts.share ? () => true : undefined });
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: opts.clipboard ? { writeText: opts.clipboard } : undefined,
  });
}
afterEach(() => browserHas({}));

function renderShare(receipt: SavedReceipt = RECEIPT, lang: 'en' | 'ar' = 'en') {
  const onError = vi.fn();
  render(
    <ShareButtons
      receipt={receipt}
      t={RECEIPTS_TEXTS[lang]}
      locale={lang === 'ar' ? 'ar-SA' : 'en-US'}
      onError={onError}
    />,
  );
  return onError;
}

describe('Share', () => {
  it("hands the link to the phone's share sheet (Web Share) and copies nothing", async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockResolvedValue(undefined);
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    browserHas({ share, clipboard: writeText });
    const onError = renderShare();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith({ title: 'Receipt - Najd Grill', url: LINK.url });
    expect(calls).toEqual(['POST 100']);
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
    // The link stays on screen, with how long it lives and a way to stop it.
    expect(await screen.findByRole('textbox', { name: 'Share' })).toHaveValue(LINK.url);
    expect(screen.getByTestId('shared-until')).toHaveTextContent(`Shared until ${localDate(LINK.expires_at, 'en')}`);
    expect(screen.getByRole('button', { name: 'Stop sharing' })).toBeInTheDocument();
    expect(onError).not.toHaveBeenCalled();
  });

  it('closing the share sheet is not an error: the link stays on screen', async () => {
    browserHas({ share: vi.fn().mockRejectedValue(new DOMException('Share canceled', 'AbortError')) });
    const onError = renderShare();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('textbox', { name: 'Share' })).toHaveValue(LINK.url);
    expect(onError).not.toHaveBeenCalled();
  });

  it('without a share sheet, copies the link and says so (in Arabic too)', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    browserHas({ clipboard: writeText });
    renderShare(RECEIPT, 'ar');
    await userEvent.click(screen.getByRole('button', { name: 'مشاركة' }));
    expect(await screen.findByRole('status')).toHaveTextContent('تم نسخ الرابط');
    expect(writeText).toHaveBeenCalledWith(LINK.url);
    expect(screen.getByRole('textbox', { name: 'مشاركة' })).toHaveValue(LINK.url);
    expect(screen.getByTestId('shared-until')).toHaveTextContent(/^مُشاركة حتى /);
  });

  it('Stop sharing asks first, then kills the link (DELETE), says so, and the page forgets it', async () => {
    renderShare({ ...RECEIPT, share_expires_at: LINK.expires_at });
    // A receipt shared earlier shows its end date and Stop sharing from the start.
    expect(screen.getByTestId('shared-until')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop sharing' }));
    // Asked first: Keep sharing changes nothing.
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'Stop sharing this receipt? Its link stops working at once.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Keep sharing' }));
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Stop sharing' }));
    expect(screen.getByRole('button', { name: 'Yes, stop sharing' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, stop sharing' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop sharing' })).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Sharing stopped: the link no longer opens this receipt.');
    expect(calls).toEqual(['DELETE 100']);
    expect(screen.queryByTestId('shared-until')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
  });

  it('a failed call goes to the page (onError), nothing is shared', async () => {
    server.use(http.post('*/customer/receipts/:id/share', () => HttpResponse.json({ message: 'x' }, { status: 404 })));
    const share = vi.fn();
    browserHas({ share });
    const onError = renderShare();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(share).not.toHaveBeenCalled();
    expect(screen.queryByTestId('shared-until')).not.toBeInTheDocument();
  });
});

describe('Print / Save as PDF', () => {
  /** What each window.print() saw: the page size added for that print. */
  let printed: (string | null)[];
  beforeEach(() => {
    printed = [];
    // The test DOM has no print dialog (happy-dom defines no window.print): a stand-in records each call.
    vi.stubGlobal(
      'print',
      vi.fn(() => {
        printed.push(document.querySelector('style[data-print]')?.textContent ?? null);
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('prints on A4, or at a till roll width of 80 mm; the page size is gone after printing', async () => {
    render(<PrintButtons t={TEXTS.en} />);
    await userEvent.click(screen.getByRole('button', { name: 'Print / Save as PDF' }));
    expect(window.print).toHaveBeenCalledTimes(1);
    expect(printed[0]).toContain('@page{size:A4;');
    window.dispatchEvent(new Event('afterprint'));
    expect(document.querySelector('style[data-print]')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Print at till width (80 mm)' }));
    expect(window.print).toHaveBeenCalledTimes(2);
    // A page size Chromium honours (it ignores `80mm auto` and prints on its default paper).
    expect(printed[1]).toContain('@page{size:80mm 297mm;');
    expect(printed[1]).toContain('.receipt{width:74mm');
    window.dispatchEvent(new Event('afterprint'));
    expect(document.querySelector('style[data-print]')).toBeNull();
  });

  it('in Arabic', async () => {
    render(<PrintButtons t={TEXTS.ar} />);
    await userEvent.click(screen.getByRole('button', { name: 'طباعة بعرض الكاشير (80 مم)' }));
    expect(printed).toEqual([expect.stringContaining('size:80mm 297mm')]);
  });
});
