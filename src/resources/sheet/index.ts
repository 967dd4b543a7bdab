import { defineResource } from '../manifest';
import { QrSheet } from './QrSheet';

export { QrSheet } from './QrSheet';
export { SheetLink } from './SheetLink';
export { SheetNote } from './SheetNote';

/** The printable QR sheet of a restaurant: a page under /restaurants, no API of its own. */
export default defineResource({
  name: 'sheet',
  under: 'restaurants',
  routes: { 'sheet/:restId': QrSheet },
  access: ['admin', 'manager', 'staff'],
});
