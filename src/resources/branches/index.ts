import { BranchList } from './BranchList';

export default { list: BranchList };
