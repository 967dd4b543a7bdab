import CardMembershipIcon from '@mui/icons-material/CardMembership';
import { membersResource } from '../../contract/resources';
import { defineResource } from '../manifest';
import { ar, en } from './messages';
import { MemberList } from './MemberList';

/** Loyalty members (issue 47): balances, their ledger, an adjustment (server/routes/loyaltyMembers.ts). */
export default defineResource({
  declaration: membersResource,
  list: MemberList,
  icon: CardMembershipIcon,
  messages: { en, ar },
});
