// The printable QR sheet and Print QR's PNGs: pages of a restaurant, no API of their own.
import { ALL_ROLES, declareResource } from '../resource';

export const sheetResource = declareResource({
  name: 'sheet',
  search: [],
  actions: { list: ALL_ROLES, show: ALL_ROLES, print: ALL_ROLES },
  scope: 'none',
});
