import type { LastOrderAnswer } from '../../../src/contract/invoice';

export const INVOICE: LastOrderAnswer = {
  order_id: 'ord-777',
  saved: false,
  order_number: '00777',
  check_number: '42',
  restaurant: { name: 'Najd Grill', logo: 'https://cdn.example.com/najd.png' },
  branch_name: 'Olaya',
  order_date: '2026-11-22',
  order_time: '21:45',
  payment_method: 'Cash, Mada',
  sub_total_price: 70,
  discount_amount: 5,
  total_price: 74.75,
  currency: 'SAR',
  order_items: [
    { item_name: 'Mandi Lamb', item_quantity: 1, total_price: 58 },
    { item_name: 'Karak Tea', item_quantity: 2, total_price: 12 },
  ],
};
