import LoyaltyIcon from '@mui/icons-material/Loyalty';
import { loyaltyResource } from '../../contract/resources';
import { defineResource } from '../manifest';
import { ar, en } from './messages';
import { LoyaltyPage } from './LoyaltyPage';

/** Loyalty (issue 47): a restaurant's program and its figures (server/routes/loyalty.ts). */
export default defineResource({
  declaration: loyaltyResource,
  list: LoyaltyPage,
  icon: LoyaltyIcon,
  messages: { en, ar },
});
