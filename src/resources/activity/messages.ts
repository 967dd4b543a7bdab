// Activity's texts under react-admin's keys (resources.activity.*), English then Arabic with the same keys.
export const en = {
  name: 'Activity',
  empty: 'No changes recorded yet',
  fields: { at: 'When', admin: 'Admin', kind: 'What', record: 'Record', ip: 'Address' },
};

export const ar: typeof en = {
  name: 'سجل النشاط',
  empty: 'لم تُسجّل أي تغييرات بعد',
  fields: { at: 'الوقت', admin: 'المشرف', kind: 'التغيير', record: 'السجل', ip: 'العنوان' },
};
