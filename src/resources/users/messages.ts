// App Users' texts under react-admin's keys (resources.users.*), English then Arabic with the same keys.
export const en = {
  name: 'App Users',
  empty: "Users doesn't exist",
  fields: {
    no: '#',
    firstName: 'Name',
    phone: 'Phone',
    birthDate: 'BirthDate',
    gender: 'Gender',
    lastLogin: 'Last Login',
    createdAt: 'Created At',
    lock: 'Code lock',
  },
};

export const ar: typeof en = {
  name: 'مستخدمو التطبيق',
  empty: 'لا يوجد مستخدمون',
  fields: {
    no: '#',
    firstName: 'الاسم',
    phone: 'الجوال',
    birthDate: 'تاريخ الميلاد',
    gender: 'الجنس',
    lastLogin: 'آخر دخول',
    createdAt: 'تاريخ الإنشاء',
    lock: 'قفل الرمز',
  },
};
