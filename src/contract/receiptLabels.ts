// The receipt's labels, one set per language, shared by the invoice page (src/invoice/i18n.ts) and the shared
// receipt's server-drawn page (server/customer/sharedPage.ts), so the two say the same thing. English is
// docs/PRODUCT.md's, letter for letter. No zod here: the invoice page's bundle imports it.
export const RECEIPT_LABELS = {
  en: {
    invoiceNo: 'Invoice #',
    orderNumber: 'Order Number',
    checkNumber: 'Check Number',
    restaurant: 'Restaurant',
    location: 'Location',
    date: 'Date',
    time: 'Time',
    items: 'Items',
    method: 'Method',
    subTotal: 'Sub Total',
    discount: 'Discount',
    total: 'Total',
    vat: 'VAT',
    vatNumber: 'VAT number',
    eInvoiceQr: 'E-invoice QR code',
    tillInvoice: 'The tax invoice with its e-invoice QR code is the one printed at the till.',
    poweredBy: 'Powered by',
  },
  ar: {
    invoiceNo: 'فاتورة رقم ',
    orderNumber: 'رقم الطلب',
    checkNumber: 'رقم الشيك',
    restaurant: 'المطعم',
    location: 'الفرع',
    date: 'التاريخ',
    time: 'الوقت',
    items: 'الأصناف',
    method: 'طريقة الدفع',
    subTotal: 'المجموع الفرعي',
    discount: 'الخصم',
    total: 'الإجمالي',
    vat: 'ضريبة القيمة المضافة',
    vatNumber: 'الرقم الضريبي',
    eInvoiceQr: 'رمز الفاتورة الإلكترونية',
    tillInvoice: 'الفاتورة الضريبية ورمز الفوترة الإلكترونية الخاص بها هي الفاتورة المطبوعة عند الكاشير.',
    poweredBy: 'بواسطة',
  },
} as const;

/**
 * The payment methods a POS names in English (Foodics' defaults and Saudi Arabia's card networks), in Arabic. A
 * receipt's method is one name or several joined by ", "; a name not listed is shown as the POS wrote it.
 */
const PAYMENT_METHODS_AR: Record<string, string> = {
  cash: 'نقدًا',
  card: 'بطاقة',
  'credit card': 'بطاقة ائتمانية',
  'debit card': 'بطاقة مدى',
  mada: 'مدى',
  visa: 'فيزا',
  mastercard: 'ماستركارد',
  'apple pay': 'Apple Pay',
  'stc pay': 'STC Pay',
  'gift card': 'بطاقة هدية',
  'house account': 'حساب العميل',
  'bank transfer': 'تحويل بنكي',
  online: 'دفع إلكتروني',
};

/** A receipt's payment method(s) in the reader's language: the invoice page, the shared receipt, the back-office's
 * Orders and Latest Orders. */
export function paymentMethodIn(locale: string, method: string): string {
  if (!locale.startsWith('ar')) return method;
  return method
    .split(', ')
    .map((name) => PAYMENT_METHODS_AR[name.trim().toLowerCase()] ?? name)
    .join('، ');
}
