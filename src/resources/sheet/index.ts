import { sheetResource } from '../../contract/resources';
import { defineResource } from '../manifest';
import { QrSheet } from './QrSheet';

export { QrSheet } from './QrSheet';
export { SheetLink } from './SheetLink';
export { SheetNote } from './SheetNote';

/** The printable QR sheet of a restaurant: a page under /restaurants, no API of its own. */
export default defineResource({
  declaration: sheetResource,
  under: 'restaurants',
  routes: { 'sheet/:restId': QrSheet },
});
