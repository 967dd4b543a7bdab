// The public entry's catalogue, one per language: the invoice page's texts (English is docs/PRODUCT.md's, letter
// for letter; Arabic beside it) and the Privacy page's headings. Plain objects, no i18n library: the invoice
// page's JavaScript budget (docs/DECISIONS.md) has no room for one. My receipts adds its own on top of these
// (src/receipts/i18n.ts, in its own chunk); the Privacy page's body text lives in src/privacy/content.*.ts, the
// Arabic one loaded only when asked for.
import { RECEIPT_LABELS } from '../contract/receiptLabels';

export const TEXTS = {
  en: {
    ...RECEIPT_LABELS.en,
    loading: 'Loading',
    pageTitle: 'Specter | Invoice',
    receiptsTitle: 'Specter | My receipts',
    privacyTitle: 'Specter | Terms and Privacy',
    oops: 'Oops!',
    anError: 'An error occurred',
    emptyTitle: 'No receipt yet',
    emptyText: 'This till has no recent receipt. Once your order is paid, scan the code again or check again here.',
    checkAgain: 'Check again',
    seeMyReceipts: 'See my receipts',
    takeout: 'Takeout total (incl. Tax)',
    saveInvoice: 'Save Invoice',
    savedNote: 'This invoice is saved',
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
    consent: "Join {restaurant}'s rewards: it will know your visits and spend",
    rewardsEarned: 'Points earned: {points}. Your balance at {restaurant}: {balance}',
    rewardsJoinFor: 'Join and get {points} points for this receipt',
    rewardsJoin: "Join {restaurant}'s rewards",
    print: 'Print / Save as PDF',
    printTill: 'Print at till width (80 mm)',
    // The Privacy page (/Privacy)
    terms: 'Terms and Conditions',
    privacyPolicy: 'Privacy Policy',
    contact: 'Contact',
    contactEmail: 'E-mail',
    contactPhone: 'Phone',
  },
  ar: {
    ...RECEIPT_LABELS.ar,
    loading: 'جار التحميل',
    pageTitle: 'Specter | الفاتورة',
    receiptsTitle: 'Specter | فواتيري',
    privacyTitle: 'Specter | الشروط والخصوصية',
    oops: 'عذرًا!',
    anError: 'حدث خطأ',
    emptyTitle: 'لا توجد فاتورة بعد',
    emptyText: 'لا توجد فاتورة حديثة على هذا الجهاز. بعد دفع طلبك، امسح الرمز مرة أخرى أو تحقّق من هنا مجددًا.',
    checkAgain: 'تحقّق مجددًا',
    seeMyReceipts: 'عرض فواتيري',
    takeout: 'إجمالي الطلب (شامل الضريبة)',
    saveInvoice: 'حفظ الفاتورة',
    savedNote: 'هذه الفاتورة محفوظة',
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
    consent: 'انضم إلى مكافآت {restaurant}: سيعرف زياراتك وإنفاقك',
    rewardsEarned: 'النقاط المكتسبة: {points}. رصيدك لدى {restaurant}: {balance}',
    rewardsJoinFor: 'انضم واحصل على {points} نقطة مقابل هذه الفاتورة',
    rewardsJoin: 'انضم إلى مكافآت {restaurant}',
    print: 'طباعة / حفظ بصيغة PDF',
    printTill: 'طباعة بعرض الكاشير (80 مم)',
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
