// The back-office's resources: ONE list, in menu order. It drives App.tsx's <Resource>s and their exact-path
// guard, the menu, the data provider's paths (API_RESOURCES in src/dataProvider.ts) and the i18n catalogues.
// Adding a resource is its folder and one line here (docs/ARCHITECTURE.md, Add a resource).
import activity from './activity';
import admins from './admins';
import branches from './branches';
import devices from './devices';
import guests from './guests';
import orders from './orders';
import restaurants from './restaurants';
import sheet from './sheet';
import tills from './tills';
import users from './users';
import type { ResourceEntry } from './manifest';

// prettier-ignore -- one line per resource, so adding one is a one-line change
export const RESOURCES: readonly ResourceEntry[] = [
  admins,
  users,
  restaurants,
  orders,
  activity,
  tills,
  guests,
  branches,
  devices,
  sheet,
];

export type { ResourceEntry, Role } from './manifest';
