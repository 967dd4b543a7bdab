// Saved orders (docs/API.md, Saved orders): the Orders screen, each with its item lines when read alone, and its CSV.
import { savedOrderDetail, savedOrderSchema, savedOrdersQuery } from '../savedOrders';
import { ALL_ROLES, declareResource, MANAGERS } from '../resource';

export const ordersResource = declareResource({
  name: 'orders',
  path: '/order',
  row: savedOrderSchema,
  detail: savedOrderDetail,
  query: savedOrdersQuery,
  searchMinChars: true,
  search: ['order_number'],
  sort: { fields: ['createdAt', 'id', 'totalPrice', 'orderNumber'], default: { field: 'createdAt', order: 'DESC' } },
  actions: { list: ALL_ROLES, show: ALL_ROLES, export: MANAGERS },
  scope: { restaurant: 'restaurant.id' },
  notFound: 'Order not found',
});
