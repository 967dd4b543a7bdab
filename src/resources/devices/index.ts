import { DeviceList } from './DeviceList';

export default { list: DeviceList };
