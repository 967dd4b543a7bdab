// Admin Users' texts under react-admin's keys (resources.admins.*), English then Arabic with the same keys.
export const en = {
  name: 'Admin Users',
  empty: "Admins doesn't exist",
  fields: { no: '#', name: 'Name', email: 'Email', password: 'Password', confirmPassword: 'Confirm Password' },
};

export const ar: typeof en = {
  name: 'المشرفون',
  empty: 'لا يوجد مشرفون',
  fields: {
    no: '#',
    name: 'الاسم',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    confirmPassword: 'تأكيد كلمة المرور',
  },
};
