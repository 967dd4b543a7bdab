// Arabic: the same keys as en.ts; the layout turns right-to-left with it. react-admin's own texts are
// translated for the screens we use; the rest fall back to English.
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import type { specterEn } from './en';

const specterAr: typeof specterEn = {
  menu: { home: 'الرئيسية', admins: 'المشرفون', users: 'مستخدمو التطبيق', restaurants: 'المطاعم' },
  appBar: { logout: 'تسجيل الخروج', language: 'English' },
  login: {
    title: 'تسجيل الدخول',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    submit: 'دخول',
    failed: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    passwordMin: 'يجب ألا تقل عن 8 أرقام أو أحرف',
  },
  validation: { required: 'مطلوب', adminPasswordMin: 'يجب ألا تقل عن 8 أحرف' },
  dashboard: {
    appDownloads: 'تنزيلات التطبيق',
    users: 'المستخدمون',
    restaurants: 'المطاعم',
    orders: 'طلبات سبكتر',
    latestOrders: 'أحدث الطلبات',
    empty: 'لا توجد طلبات',
    total: 'الإجمالي',
    columns: { no: '#', restaurant: 'المطعم', branch: 'الفرع', username: 'اسم المستخدم', orderDate: 'تاريخ الطلب', orderTime: 'وقت الطلب', paymentMethod: 'طريقة الدفع', total: 'الإجمالي' },
  },
  users: {
    title: 'كل المستخدمين',
    empty: 'لا يوجد مستخدمون',
    columns: { no: '#', name: 'الاسم', phone: 'الجوال', birthDate: 'تاريخ الميلاد', gender: 'الجنس', lastLogin: 'آخر دخول', createdAt: 'تاريخ الإنشاء' },
  },
  admins: {
    title: 'المشرفون',
    add: 'إضافة جديد',
    addTitle: 'إضافة مشرف',
    empty: 'لا يوجد مشرفون',
    columns: { no: '#', name: 'الاسم', email: 'البريد الإلكتروني' },
    fields: { name: 'الاسم', email: 'البريد الإلكتروني', password: 'كلمة المرور', confirmPassword: 'تأكيد كلمة المرور' },
    failed: 'تعذر إنشاء المشرف',
  },
  restaurants: {
    title: 'المطاعم',
    add: 'إضافة جديد',
    addTitle: 'إضافة مطعم',
    editTitle: 'تعديل المطعم',
    empty: 'لا توجد مطاعم',
    branches: 'الفروع',
    printQr: 'طباعة رموز QR',
    edit: 'تعديل',
    columns: { no: '#', logo: 'الشعار', name: 'الاسم', systemType: 'نوع النظام', actions: 'الإجراءات' },
    fields: { name: 'الاسم', logo: 'الشعار', token: 'الرمز', branchs_token: 'رمز الفروع', system_type: 'نوع النظام' },
  },
  branches: {
    title: 'فروع %{name}',
    empty: 'لا يحتوي المطعم على فروع',
    devices: 'الأجهزة',
    sync: 'مزامنة مع نظام نقاط البيع',
    syncError: 'فشلت آخر مزامنة مع نظام نقاط البيع: %{error}',
    columns: { no: '#', name: 'الاسم', actions: 'الإجراءات' },
  },
  devices: { title: 'أجهزة الفرع', empty: 'لا يحتوي الفرع على أجهزة', printQr: 'طباعة QR', columns: { no: '#', name: 'الاسم' } },
  common: { back: 'رجوع', cancel: 'إلغاء', save: 'حفظ', delete: 'حذف', ok: 'حسنًا', search: 'بحث' },
  dialogs: {
    userConfirmTitle: 'هل أنت متأكد؟',
    userConfirmText: 'لا يمكنك التراجع عن هذا الحذف!',
    userConfirmYes: 'نعم، احذف!',
    confirmTitle: 'هل أنت متأكد',
    confirmText: 'لا يمكنك التراجع عن هذا الحذف',
    confirmYes: 'نعم، احذف',
    cancel: 'إلغاء',
    deleted: 'تم الحذف',
    userDeleted: 'تم حذف المستخدم',
    adminDeleted: 'تم حذف المشرف',
    restaurantDeleted: 'تم حذف المطعم',
  },
  notFound: { text: 'الصلاحية مرفوضة', home: 'الرئيسية' },
  gender: { male: 'ذكر', female: 'أنثى' },
};

const ra = englishMessages.ra;
export const ar: TranslationMessages = {
  ...englishMessages,
  ra: {
    ...ra,
    action: { ...ra.action, save: 'حفظ', cancel: 'إلغاء', search: 'بحث', delete: 'حذف', edit: 'تعديل', back: 'رجوع', create: 'إنشاء', add_filter: 'إضافة عامل تصفية', remove_filter: 'إزالة عامل التصفية', clear_input_value: 'مسح', refresh: 'تحديث', close: 'إغلاق', confirm: 'تأكيد' },
    navigation: { ...ra.navigation, page_rows_per_page: 'صفوف لكل صفحة:', page_range_info: '%{offsetBegin}-%{offsetEnd} من %{total}', next: 'التالي', previous: 'السابق', no_results: 'لا توجد نتائج' },
    page: { ...ra.page, loading: 'جار التحميل', empty: 'لا يوجد شيء بعد' },
    notification: { ...ra.notification, created: 'تم الإنشاء', updated: 'تم التحديث', deleted: 'تم الحذف', http_error: 'خطأ في الاتصال بالخادم' },
    validation: { ...ra.validation, required: 'مطلوب' },
  },
  specter: specterAr,
} as TranslationMessages;
