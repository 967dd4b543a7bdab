import PeopleIcon from '@mui/icons-material/People';
import { guestsResource } from '../../contract/resources';
import { defineResource } from '../manifest';
import { ar, en } from './messages';
import { GuestInsights } from './GuestInsights';
import { GuestList } from './GuestList';
import { GuestShow } from './GuestShow';

/** The guestbook (issue 34): consented guests per restaurant, one guest with their orders, and the insights. */
export default defineResource({
  declaration: guestsResource,
  list: GuestList,
  routes: { 'show/:id': GuestShow, insights: GuestInsights },
  icon: PeopleIcon,
  messages: { en, ar },
});
