import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { ledgerResource } from '../../contract/resources';
import { defineResource } from '../manifest';
import { ar, en } from './messages';
import { LedgerList } from './LedgerList';

/** The loyalty ledger (issue 47): every movement of points, read only (server/routes/loyaltyLedger.ts). */
export default defineResource({
  declaration: ledgerResource,
  list: LedgerList,
  icon: ReceiptLongIcon,
  messages: { en, ar },
});
