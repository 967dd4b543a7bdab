// The public entry's catalogue, one per language: the invoice page's texts (English is docs/PRODUCT.md's, letter
// for letter; Arabic beside it) and the Privacy page's headings. Plain objects, no i18n library: the invoice
// page's JavaScript budget (docs/DECISIONS.md) has no room for one. My receipts adds its own on top of these
// (src/receipts/i18n.ts, in its own chunk); the Privacy page's body text lives in src/privacy/content.*.ts, the
// Arabic one loaded only when asked for.
export const TEXTS = {
  en: {
    loading: 'Loading',
    oops: 'Oops!',
    anError: 'An error occurred',
    invoiceNo: 'Invoice #',
    orderNumber: 'Order Number',
    restaurant: 'Restaurant',
    location: 'Location',
    date: 'Date',
    time: 'Time',
    items: 'Items',
    method: 'Method',
    subTotal: 'Sub Total',
    discount: 'Discount',
    total: 'Total',
    takeout: 'Takeout total (incl. Tax)',
    saveInvoice: 'Save Invoice',
    savedNote: 'This invoice is saved',
    poweredBy: 'Powered by',
    phone: 'Phone',
    phoneHint: 'We will text you a 4-digit code',
    phoneRequired: 'Phone is required',
    save: 'Save',
    codeTitle: 'Enter the 4-digit code',
    sentTo: 'Enter the code we sent to {phone}',
    resend: 'Resend code',
    resendIn: 'Resend code in {seconds} s',
    resent: 'We sent the code again',
    digit: 'Digit',
    send: 'Send',
    back: 'Back',
    successTitle: 'Success',
    successText: '.Your invoice has been saved successfully',
    done: 'Done',
    failTitle: '!Oops',
    failText: 'Something went wrong.',
    reference: 'Reference: {ref}',
    ok: 'Ok',
    switchTo: 'العربية',
    myReceipts: 'My receipts',
    consent: 'Let {restaurant} know me as a guest (my visits and spend, and occasional offers by SMS)',
    vat: 'VAT',
    vatNumber: 'VAT number',
    eInvoiceQr: 'E-invoice QR code',
    // The Privacy page (/Privacy)
    terms: 'Terms and Conditions',
    privacyPolicy: 'Privacy Policy',
    contact: 'Contact',
    contactEmail: 'E-mail',
    contactPhone: 'Phone',
  },
  ar: {
    loading: 'جار التحميل',
    oops: 'عذرًا!',
    anError: 'حدث خطأ',
    invoiceNo: 'فاتورة رقم ',
    orderNumber: 'رقم الطلب',
    restaurant: 'المطعم',
    location: 'الفرع',
    date: 'التاريخ',
    time: 'الوقت',
    items: 'الأصناف',
    method: 'طريقة الدفع',
    subTotal: 'المجموع الفرعي',
    discount: 'الخصم',
    total: 'الإجمالي',
    takeout: 'إجمالي الطلب (شامل الضريبة)',
    saveInvoice: 'حفظ الفاتورة',
    savedNote: 'هذه الفاتورة محفوظة',
    poweredBy: 'بواسطة',
    phone: 'رقم الجوال',
    phoneHint: 'سنرسل لك رمزًا من 4 أرقام',
    phoneRequired: 'رقم الجوال مطلوب',
    save: 'حفظ',
    codeTitle: 'أدخل الرمز المكوّن من 4 أرقام',
    sentTo: 'أدخل الرمز الذي أرسلناه إلى {phone}',
    resend: 'إعادة إرسال الرمز',
    resendIn: 'إعادة إرسال الرمز بعد {seconds} ث',
    resent: 'أرسلنا الرمز مرة أخرى',
    digit: 'الرقم',
    send: 'إرسال',
    back: 'رجوع',
    successTitle: 'تم بنجاح',
    successText: 'تم حفظ فاتورتك بنجاح.',
    done: 'تم',
    failTitle: 'عذرًا!',
    failText: 'حدث خطأ ما.',
    reference: 'رقم المرجع: {ref}',
    ok: 'حسنًا',
    switchTo: 'English',
    myReceipts: 'فواتيري',
    consent: 'اسمح لـ {restaurant} بمعرفتي كضيف (زياراتي وإنفاقي، وعروض من حين لآخر عبر الرسائل النصية)',
    vat: 'ضريبة القيمة المضافة',
    vatNumber: 'الرقم الضريبي',
    eInvoiceQr: 'رمز الفاتورة الإلكترونية',
    terms: 'الشروط والأحكام',
    privacyPolicy: 'سياسة الخصوصية',
    contact: 'التواصل',
    contactEmail: 'البريد الإلكتروني',
    contactPhone: 'الهاتف',
  },
} as const;

export type Texts = { [K in keyof (typeof TEXTS)['en']]: string };

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

export function paymentMethodIn(locale: string, method: string): string {
  if (!locale.startsWith('ar')) return method;
  return method
    .split(', ')
    .map((name) => PAYMENT_METHODS_AR[name.trim().toLowerCase()] ?? name)
    .join('، ');
}
