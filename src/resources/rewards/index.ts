import RedeemIcon from '@mui/icons-material/Redeem';
import { rewardsResource } from '../../contract/resources';
import { defineResource } from '../manifest';
import { ar, en } from './messages';
import { RewardCreate } from './RewardCreate';
import { RewardEdit } from './RewardEdit';
import { RewardList } from './RewardList';

/** Rewards (issue 47): what members' points buy at the till, per restaurant (server/routes/rewards.ts). */
export default defineResource({
  declaration: rewardsResource,
  list: RewardList,
  routes: { add: RewardCreate, 'edit/:id': RewardEdit },
  icon: RedeemIcon,
  messages: { en, ar },
});
