// What one back-office resource's folder gives (docs/ARCHITECTURE.md, Add a resource): its screens, icon and
// messages, beside its declaration (src/contract/resources/<name>.ts), which says its name, its API and who may do
// what. src/resources/index.ts finds every folder; App.tsx maps them to <Resource>s (the list on its exact path, the
// child pages), the menu (react-admin's resource items) and the i18n catalogues. Nothing else in src/ names a
// resource: the data provider's table and the permissions are derived from the declarations.
import type { ComponentType } from 'react';
import type { Role } from '../contract/admins';
import type { AnyResource } from '../contract/resource';

export type { Role };

/** A resource's texts in one language, under react-admin's own keys: resources.<name>.name, .empty, .fields.*. */
export interface ResourceMessages {
  /** The menu's label (react-admin asks for it with smart_count 2). */
  name: string;
  /** The list's empty text. */
  empty?: string;
  fields: Record<string, string>;
}

/** A folder's entry as the app reads it. */
export interface ResourceEntry {
  /** The declaration: name (react-admin's and the screen's path, /<name>), API, actions and roles. */
  declaration: AnyResource;
  /** react-admin's name and the screen's path: /<name> (the declaration's). */
  name: string;
  /** The list, shown on /<name> exactly (anything else under it reads "Permission Denied"); it is in the menu. */
  list?: ComponentType;
  /** Child pages by path (e.g. `add`, `edit/:id`), under /<name>/ or, with `under`, under that resource's path. */
  routes?: Record<string, ComponentType>;
  /** Pages that live under another resource's path (branches under /restaurants/branches/...). */
  under?: string;
  icon?: ComponentType;
  /** Whether react-admin's calls reach the API for it (its declaration has a path); none: pages only. */
  api: boolean;
  /** Who may open it: the declaration's `list` roles. */
  access: readonly Role[];
  /** Both languages, the same keys (Arabic's type is English's). */
  messages?: { en: ResourceMessages; ar: ResourceMessages };
}

/** A folder's entry as its index.ts writes it. */
export interface ResourceFolder<M extends ResourceMessages> {
  declaration: AnyResource;
  list?: ComponentType;
  routes?: Record<string, ComponentType>;
  under?: string;
  icon?: ComponentType;
  messages?: { en: M; ar: NoInfer<M> };
}

/** Declares a resource's folder (types it: the language catalogues must have the same keys). */
export function defineResource<M extends ResourceMessages>(folder: ResourceFolder<M>): ResourceEntry {
  const { declaration } = folder;
  return {
    ...folder,
    name: declaration.name,
    api: declaration.path !== undefined,
    access: declaration.actions.list ?? [],
  };
}
