// The back-office's resources: every folder of src/resources with an index.ts (its entry, ./manifest.ts), found
// here, in the order of the declarations (src/contract/resources/index.ts: the menu's order). They drive App.tsx's
// <Resource>s and their exact-path guard, the menu and the i18n catalogues. Adding a resource's screens is its
// folder: no line here (docs/ARCHITECTURE.md, Add a resource).
import { DECLARATIONS } from '../contract/resources';
import type { ResourceEntry } from './manifest';

const folders = import.meta.glob<{ default: ResourceEntry }>('./*/index.ts', { eager: true });
const entries = Object.values(folders).map((m) => m.default);
const order = (e: ResourceEntry) => DECLARATIONS.findIndex((d) => d.name === e.name);

for (const e of entries)
  if (order(e) < 0) throw new Error(`src/resources: ${e.name} has no declaration in src/contract/resources`);

/** Every resource's entry, in the declarations' order. */
export const RESOURCES: readonly ResourceEntry[] = entries.sort((a, b) => order(a) - order(b));

export type { ResourceEntry, Role } from './manifest';
