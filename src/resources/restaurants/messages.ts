// Restaurants' texts under react-admin's keys (resources.restaurants.*), English then Arabic with the same keys.
export const en = {
  name: 'Restaurants',
  empty: "Restaurants doesn't exist",
  fields: {
    no: '#',
    logo: 'Logo',
    name: 'Name',
    system_type: 'System Type',
    actions: 'Actions',
    token: 'Token',
    branchs_token: 'Branchs Token',
    vat_number: 'VAT number',
    zatca_phase: 'ZATCA e-invoicing phase',
    legal_name: 'Legal name',
  },
};

export const ar: typeof en = {
  name: 'المطاعم',
  empty: 'لا توجد مطاعم',
  fields: {
    no: '#',
    logo: 'الشعار',
    name: 'الاسم',
    system_type: 'نوع النظام',
    actions: 'الإجراءات',
    token: 'الرمز',
    branchs_token: 'رمز الفروع',
    vat_number: 'الرقم الضريبي',
    zatca_phase: 'مرحلة الفوترة الإلكترونية (زاتكا)',
    legal_name: 'الاسم القانوني',
  },
};
