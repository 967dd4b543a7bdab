// The page a shared receipt link opens (GET /r/{token}; docs/CUSTOMER.md, Sharing a receipt): the receipt drawn on
// the server as plain HTML in the opener's language, read-only - no script, no Save, never the customer's phone or
// name (a saved receipt holds neither) - with a print layout (A4; 80 mm till width with ?paper=80mm). An unknown,
// revoked or expired link gets a calm page saying so. The receipt's labels are the invoice page's
// (src/contract/receiptLabels.ts).
import type { Invoice } from '../../src/contract';
import { paymentMethodIn, RECEIPT_LABELS } from '../../src/contract/receiptLabels';
import { localDate, wallTime } from '../../src/contract/dates';

export type PageLang = 'en' | 'ar';

const T = {
  en: {
    ...RECEIPT_LABELS.en,
    title: 'Specter | Receipt',
    sharedNote: 'A copy of a receipt, shared by the customer who saved it.',
    printHint: "To print it or keep it as a PDF, use your browser's Print (on a phone: Share, then Print).",
    printLayout: 'Print layout',
    paperA4: 'A4',
    paper80: 'Till width (80 mm)',
    goneTitle: 'This link is no longer available',
    goneText: 'The receipt it pointed to is no longer shared. Ask the person who sent it for a new link.',
  },
  ar: {
    ...RECEIPT_LABELS.ar,
    title: 'Specter | الفاتورة',
    sharedNote: 'نسخة من فاتورة شاركها العميل الذي حفظها.',
    printHint: 'لطباعتها أو حفظها بصيغة PDF استخدم أمر الطباعة في متصفحك (في الجوال: مشاركة ثم طباعة).',
    printLayout: 'تخطيط الطباعة',
    paperA4: 'A4',
    paper80: 'بعرض الكاشير (80 مم)',
    goneTitle: 'هذا الرابط لم يعد متاحًا',
    goneText: 'لم تعد الفاتورة التي يشير إليها مشاركة. اطلب من مرسلها رابطًا جديدًا.',
  },
} as const;

const esc = (v: unknown) =>
  String(v).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const ISO: Record<string, string> = { EGY: 'EGP', RMB: 'CNY' };
function money(amount: number, currency: string, lang: PageLang): string {
  try {
    return new Intl.NumberFormat(`${lang === 'ar' ? 'ar-SA' : 'en-US'}-u-nu-latn`, {
      style: 'currency',
      currency: ISO[currency] ?? currency,
      currencyDisplay: 'code',
    }).format(amount);
  } catch {
    return `${currency} ${Number(amount).toFixed(2)}`;
  }
}

const safeLogo = (src: string) =>
  /^(https?:\/\/|\/(?!\/)|data:image\/(png|jpeg|gif|webp);base64,)[^"'<>\s\\]+$/i.test(src);

const CSS = `
*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif;color:#1b1b1f;background:#f4f4f6}
main{max-width:440px;margin:0 auto;padding:16px}.receipt{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px #0002}
.head{text-align:center}.logo{width:72px;height:72px;object-fit:contain}h1{font-size:20px;margin:8px 0 2px}
.muted{color:#5f6068}.note{font-size:13px;text-align:center;color:#5f6068;margin:0 0 12px}
dl{margin:12px 0}dl div{display:flex;justify-content:space-between;gap:12px;padding:3px 0}dt{color:#5f6068}dd{margin:0;text-align:end}
ul{list-style:none;padding:12px 0;margin:0;border-top:1px dashed #bbb;border-bottom:1px dashed #bbb}
li{display:flex;justify-content:space-between;gap:12px;padding:3px 0}.qty{display:inline-block;font-weight:600}.total{font-weight:700;font-size:17px}
.vat{border-top:1px dashed #bbb;margin-top:8px}.qr{display:block;margin:8px auto;width:148px;height:148px}
.till{font-size:13px;color:#5f6068;text-align:center}.powered{text-align:center;font-size:12px;color:#5f6068;margin-top:14px}
@page{size:A4;margin:16mm}
.print{font-size:13px;text-align:center;color:#5f6068;margin:14px 0 0}.print a{color:#1b1b1f;margin:0 6px}.print a[aria-current]{font-weight:700;text-decoration:none}
@media print{body{background:#fff}main{max-width:none;padding:0}.receipt{box-shadow:none;border-radius:0;padding:0}.no-print{display:none}}
`;
/** The till-width print layout (?paper=80mm): 80 mm wide, an A4's height (Chromium ignores `80mm auto`). */
const CSS_80MM = `@page{size:80mm 297mm;margin:4mm}@media print{main{width:72mm}body{font-size:12px}}`;

function page(lang: PageLang, body: string, paper: 'a4' | '80mm' = 'a4'): string {
  const t = T[lang];
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer"><title>${esc(t.title)}</title><style>${CSS}${paper === '80mm' ? CSS_80MM : ''}</style></head>
<body><main>${body}</main></body></html>`;
}

const row = (label: string, value: string, cls = '') =>
  `<div${cls ? ` class="${cls}"` : ''}><dt>${esc(label)}</dt><dd>${value}</dd></div>`;

/** How to print the page, and its two print layouts as plain links (?paper=): the page runs no script (its CSP
 * allows no inline handler), so the browser's own Print opens the dialog (docs/CUSTOMER.md, Sharing a receipt). */
function printLinks(t: (typeof T)[PageLang], paper: 'a4' | '80mm'): string {
  const link = (to: 'a4' | '80mm', label: string) =>
    `<a href="?paper=${to}"${to === paper ? ' aria-current="page"' : ''}>${esc(label)}</a>`;
  return `<nav class="print no-print" aria-label="${esc(t.printLayout)}"><p>${esc(t.printHint)}</p><p>${esc(t.printLayout)}: ${link('a4', t.paperA4)}${link('80mm', t.paper80)}</p></nav>`;
}

/** The shared receipt's page. */
export function sharedReceiptPage(inv: Invoice, lang: PageLang, paper: 'a4' | '80mm' = 'a4'): string {
  const t = T[lang];
  const m = (n: number) => esc(money(n, inv.currency, lang));
  const vat = inv.vat;
  const vatRows = vat
    ? [
        ...vat.by_rate.map((r) => row(`${t.vat} ${r.rate}%`, m(r.amount))),
        ...(vat.number ? [row(t.vatNumber, `<bdi dir="ltr">${esc(vat.number)}</bdi>`)] : []),
      ].join('')
    : '';
  const qr = vat?.qr_svg
    ? `<img class="qr" alt="${esc(t.eInvoiceQr)}" width="148" height="148" src="data:image/svg+xml;charset=utf-8,${encodeURIComponent(vat.qr_svg)}">`
    : '';
  const tillNote = vat?.zatca_phase === 2 && !vat.qr_svg ? `<p class="till">${esc(t.tillInvoice)}</p>` : '';
  const body = `<p class="note">${esc(t.sharedNote)}</p>
<article class="receipt" aria-label="${esc(inv.restaurant.name)}"><header class="head">
${safeLogo(inv.restaurant.logo) ? `<img class="logo" src="${esc(inv.restaurant.logo)}" alt="${esc(inv.restaurant.name)}" width="72" height="72">` : ''}
<h1>${esc(inv.restaurant.name)}</h1><p class="muted">${esc(inv.branch_name)}</p>
<p>${esc(t.invoiceNo)}${esc(inv.check_number || inv.order_number)}</p></header>
<dl>${row(t.orderNumber, esc(inv.order_number))}${inv.check_number ? row(t.checkNumber, esc(inv.check_number)) : ''}${row(t.restaurant, esc(inv.restaurant.name))}${row(t.location, esc(inv.branch_name))}${row(t.date, esc(localDate(inv.order_date, lang)))}${row(t.time, `<bdi dir="ltr">${esc(wallTime(inv.order_time))}</bdi>`)}</dl>
<ul aria-label="${esc(t.items)}">${inv.order_items.map((i) => `<li><span><span class="qty">${esc(i.item_quantity)} x</span> ${esc(i.item_name)}</span><span>${m(i.total_price)}</span></li>`).join('')}</ul>
<dl>${row(t.method, esc(paymentMethodIn(lang, inv.payment_method)))}${row(t.subTotal, m(inv.sub_total_price))}${row(t.discount, m(inv.discount_amount))}${row(t.total, m(inv.total_price), 'total')}</dl>
${vatRows || qr || tillNote ? `<section class="vat" aria-label="${esc(t.vat)}"><dl>${vatRows}</dl>${qr}${tillNote}</section>` : ''}
<footer class="powered">${esc(t.poweredBy)} <strong>Specter</strong></footer></article>
${printLinks(t, paper)}`;
  return page(lang, body, paper);
}

/** The calm page of a link that opens nothing (unknown, revoked or expired). */
export function goneSharePage(lang: PageLang, instead?: string): string {
  const t = T[lang];
  if (instead) return page(lang, `<section class="receipt head" role="alert"><h1>${esc(instead)}</h1></section>`);
  return page(
    lang,
    `<section class="receipt head" role="status"><h1>${esc(t.goneTitle)}</h1><p class="muted">${esc(t.goneText)}</p></section>`,
  );
}
