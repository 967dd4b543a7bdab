// Branches' texts under react-admin's keys (resources.branches.*), English then Arabic with the same keys.
export const en = {
  name: 'Branches',
  empty: "Restaurants doesn't Contain Branches",
  fields: { no: '#', name: 'Name', actions: 'Actions' },
};

export const ar: typeof en = {
  name: 'الفروع',
  empty: 'لا يحتوي المطعم على فروع',
  fields: { no: '#', name: 'الاسم', actions: 'الإجراءات' },
};
