// Tills' texts under react-admin's keys (resources.tills.*), English then Arabic with the same keys.
export const en = {
  name: 'Tills',
  empty: 'No tills yet: sync a restaurant with its POS',
  search: 'Till, branch or restaurant',
  fields: { no: '#', restaurant: 'Restaurant', branch: 'Branch', name: 'Till', posId: 'POS id' },
};

export const ar: typeof en = {
  name: 'أجهزة الكاشير',
  empty: 'لا توجد أجهزة كاشير بعد: زامن مطعمًا مع نظام نقاط البيع',
  search: 'الجهاز أو الفرع أو المطعم',
  fields: { no: '#', restaurant: 'المطعم', branch: 'الفرع', name: 'الجهاز', posId: 'معرّف نقطة البيع' },
};
