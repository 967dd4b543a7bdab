// "Print / Save as PDF" (issue 33): the browser's print dialog, which on a phone saves a PDF too, so no PDF library.
// The print layout is invoice.css's @media print (A4: the receipt alone, no buttons or navigation, right-to-left in
// Arabic); "80 mm" adds a page size of a till's roll for that one print: 80 mm wide and an A4's height (Chromium
// ignores `size: 80mm auto`, and its PDF would come out on the default paper).
import type { Texts } from './i18n';

function printAt(paper: 'a4' | '80mm') {
  const style = document.createElement('style');
  style.dataset.print = paper;
  style.textContent =
    paper === '80mm'
      ? '@page{size:80mm 297mm;margin:3mm}@media print{.receipt{width:74mm;font-size:11px}}'
      : '@page{size:A4;margin:15mm}';
  document.head.appendChild(style);
  const done = () => {
    style.remove();
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
  // Browsers without afterprint: the dialog is modal, so the style can go once print() returns.
  setTimeout(done, 1000);
}

export function PrintButtons({ t }: { t: Texts }) {
  return (
    <div className="print-actions no-print">
      <button type="button" className="ghost" onClick={() => printAt('a4')}>
        {t.print}
      </button>
      <button type="button" className="ghost small" onClick={() => printAt('80mm')}>
        {t.printTill}
      </button>
    </div>
  );
}
