import { devicesResource } from '../../contract/resources';
import { defineResource } from '../manifest';
import { DeviceList } from './DeviceList';
import { ar, en } from './messages';

/** A branch's tills: a page under /restaurants, its list read under the branch's id. */
export default defineResource({
  declaration: devicesResource,
  under: 'restaurants',
  routes: { 'devices/:restId/:branchId': DeviceList },
  messages: { en, ar },
});
