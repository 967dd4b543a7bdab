// The resources' folders (src/resources/<name>/index.ts, found by src/resources/index.ts in the order of the
// declarations, src/contract/resources) drive everything a resource needs in src/: the <Resource>s (a list only on
// its exact path), the menu (in the declarations' order, the resource's label), and both catalogues
// (resources.<name>.*, the same keys in Arabic as in English); the data provider's paths come from the declarations.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../../src/admin/i18n';
import { API_RESOURCES } from '../../../src/dataProvider';
import { RESOURCES } from '../../../src/resources';
import { DECLARATIONS } from '../../../src/contract/resources';
import { renderAdmin, useStandIn } from '../admin/harness';

useStandIn({ signedIn: true });

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('the resources manifest', () => {
  it('gives the data provider the API path of every resource that has one, and nothing else', () => {
    // Every folder has its declaration, in the declarations' order.
    expect(RESOURCES.map((r) => r.name)).toEqual(
      DECLARATIONS.map((d) => d.name).filter((n) => RESOURCES.some((r) => r.name === n)),
    );
    expect(Object.keys(API_RESOURCES).sort()).toEqual(
      RESOURCES.filter((r) => r.api)
        .map((r) => r.name)
        .sort(),
    );
    expect(API_RESOURCES.admins.path).toBe('/admin');
    expect(API_RESOURCES.devices.envelope).toBe('devices');
  });

  it('gives each resource its texts in both languages, the same keys, under resources.<name>', () => {
    const messages = Object.fromEntries(RESOURCES.flatMap((r) => (r.messages ? [[r.name, r.messages]] : [])));
    const { en, ar } = catalogues(messages);
    for (const r of RESOURCES.filter((x) => x.messages)) {
      expect(keys(r.messages!.ar), r.name).toEqual(keys(r.messages!.en));
      expect((en.resources as Record<string, { name: string }>)[r.name].name).toBe(r.messages!.en.name);
      expect((ar.resources as Record<string, { name: string }>)[r.name].name).toBe(r.messages!.ar.name);
    }
    // A new resource's API never takes a screen's path (a reload of the screen would get the API's answer).
    for (const r of RESOURCES) expect(r.declaration.path, r.name).not.toBe(`/${r.name}`);
  });

  it('puts every resource with a list in the menu, after Home, in the order of the list', async () => {
    renderAdmin('/admins');
    const nav = await screen.findByRole('menu');
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('menuitem')
          .map((a) => a.getAttribute('href')),
      ).toEqual(['/home', ...RESOURCES.filter((r) => r.list && !r.under).map((r) => `/${r.name}`)]),
    );
    const labels = within(nav)
      .getAllByRole('menuitem')
      .map((a) => a.textContent);
    expect(labels).toEqual(['Home', ...RESOURCES.filter((r) => r.list && !r.under).map((r) => r.messages!.en.name)]);
    // The spec's sidebar first (docs/PRODUCT.md, Screens), then the screens added beside it.
    expect(labels.slice(0, 6)).toEqual(['Home', 'Admin Users', 'App Users', 'Restaurants', 'Orders', 'Activity']);
  });

  it.each(RESOURCES.filter((r) => r.list).map((r) => r.name))(
    "/%s/anything reads 'Permission Denied' (a list only on its exact path)",
    async (name) => {
      renderAdmin(`/${name}/not-a-page`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Permission Denied' })).toBeInTheDocument();
    },
  );
});
