// Orders' texts under react-admin's keys (resources.orders.*), English then Arabic with the same keys.
export const en = {
  name: 'Orders',
  empty: 'No saved orders',
  fields: {
    no: '#',
    restaurant: 'Restaurant',
    branch: 'Branch',
    device: 'Device',
    orderNumber: 'Order Number',
    checkNumber: 'Check Number',
    customer: 'Customer',
    createdAt: 'Date and Time',
    paymentMethod: 'Payment Method',
    totalPrice: 'Total',
  },
};

export const ar: typeof en = {
  name: 'الطلبات',
  empty: 'لا توجد طلبات محفوظة',
  fields: {
    no: '#',
    restaurant: 'المطعم',
    branch: 'الفرع',
    device: 'الجهاز',
    orderNumber: 'رقم الطلب',
    checkNumber: 'رقم الشيك',
    customer: 'العميل',
    createdAt: 'التاريخ والوقت',
    paymentMethod: 'طريقة الدفع',
    totalPrice: 'الإجمالي',
  },
};
