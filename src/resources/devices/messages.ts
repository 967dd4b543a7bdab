// Devices' texts under react-admin's keys (resources.devices.*), English then Arabic with the same keys.
export const en = { name: 'Devices', empty: "Branch doesn't Contain Devices", fields: { no: '#', name: 'Name' } };

export const ar: typeof en = { name: 'الأجهزة', empty: 'لا يحتوي الفرع على أجهزة', fields: { no: '#', name: 'الاسم' } };
