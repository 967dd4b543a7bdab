import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import { tillsResource } from '../../contract/resources';
import { defineResource } from '../manifest';
import { ar, en } from './messages';
import { TillList } from './TillList';

/** Tills: read-only, paged, sorted and searched by the server (server/routes/tills.ts). */
export default defineResource({
  declaration: tillsResource,
  list: TillList,
  icon: PointOfSaleIcon,
  messages: { en, ar },
});
