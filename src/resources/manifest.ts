// What one back-office resource is (docs/ARCHITECTURE.md, Add a resource): its folder's index.ts exports one
// entry, and src/resources/index.ts lists the entries. That list alone drives App.tsx's <Resource>s (the list on
// its exact path, the child pages), the menu (react-admin's resource items), the data provider's paths and the
// i18n catalogues; nothing else in src/ names a resource.
import type { ComponentType } from 'react';
import type { ResourceApi } from '../dataProvider';
import type { Role } from '../contract/admins';

/** Who may open a resource (issue 26): src/permissions.ts reads `access` with its table of actions per role, and
 * react-admin's canAccess asks it. */
export type { Role };

/** A resource's texts in one language, under react-admin's own keys: resources.<name>.name, .empty, .fields.*. */
export interface ResourceMessages {
  /** The menu's label (react-admin asks for it with smart_count 2). */
  name: string;
  /** The list's empty text. */
  empty?: string;
  fields: Record<string, string>;
}

export interface ResourceEntry {
  /** react-admin's name and the screen's path: /<name>. */
  name: string;
  /** The list, shown on /<name> exactly (anything else under it reads "Permission Denied"); it is in the menu. */
  list?: ComponentType;
  /** Child pages by path (e.g. `add`, `edit/:id`), under /<name>/ or, with `under`, under that resource's path. */
  routes?: Record<string, ComponentType>;
  /** Pages that live under another resource's path (branches under /restaurants/branches/...). */
  under?: string;
  icon?: ComponentType;
  /** How react-admin's calls reach the API (src/dataProvider.ts); none: pages only, no <Resource>. */
  api?: ResourceApi;
  /** Who may see it. */
  access: readonly Role[];
  /** Both languages, the same keys (Arabic's type is English's). */
  messages?: { en: ResourceMessages; ar: ResourceMessages };
}

/** Declares a resource's entry (types it; the language catalogues must have the same keys). */
export function defineResource<M extends ResourceMessages>(
  entry: ResourceEntry & { messages?: { en: M; ar: NoInfer<M> } },
): ResourceEntry {
  return entry;
}
