// Each back-office page gets its own tab title ("Specter | All Users"), so tabs and history entries can be
// told apart. The page is known from the path (the routes of docs/ARCHITECTURE.md); a resource's list without a
// line here reads its menu label (resources.<name>.name); unknown paths read 'Permission Denied'.
import { useEffect } from 'react';
import { useGetResourceLabel, useResourceDefinitions, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';

const PAGES: [RegExp, string][] = [
  [/^\/(login)?$/, 'specter.login.title'],
  [/^\/home$/, 'specter.menu.home'],
  [/^\/two-step$/, 'specter.twoStep.title'],
  [/^\/admins$/, 'specter.admins.title'],
  [/^\/admins\/add$/, 'specter.admins.addTitle'],
  [/^\/users$/, 'specter.users.title'],
  [/^\/restaurants$/, 'specter.restaurants.title'],
  [/^\/restaurants\/add$/, 'specter.restaurants.addTitle'],
  [/^\/restaurants\/edit\/[^/]+$/, 'specter.restaurants.editTitle'],
  [/^\/restaurants\/branches\/[^/]+$/, 'specter.restaurants.branches'],
  [/^\/restaurants\/devices\/[^/]+\/[^/]+$/, 'specter.devices.title'],
  [/^\/restaurants\/sheet\/[^/]+$/, 'specter.sheet.open'],
];

export function pageTitleKey(pathname: string): string {
  const path = pathname.replace(/(.)\/+$/, '$1');
  return PAGES.find(([re]) => re.test(path))?.[1] ?? 'specter.notFound.text';
}

export function usePageTitle() {
  const t = useTranslate();
  const { pathname } = useLocation();
  const resources = useResourceDefinitions();
  const label = useGetResourceLabel();
  const key = pageTitleKey(pathname);
  const list = /^\/([^/]+)\/?$/.exec(pathname)?.[1];
  const title = `Specter | ${
    key === 'specter.notFound.text' && list && resources[list]?.hasList ? label(list, 2) : t(key)
  }`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
