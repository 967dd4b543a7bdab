import { branchesResource } from '../../contract/resources';
import { defineResource } from '../manifest';
import { BranchList } from './BranchList';
import { ar, en } from './messages';

/** A restaurant's branches: a page under /restaurants, its list read under the restaurant's id. */
export default defineResource({
  declaration: branchesResource,
  under: 'restaurants',
  routes: { 'branches/:restId': BranchList },
  messages: { en, ar },
});
