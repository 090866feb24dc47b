import { route, type RouteConfig } from '@react-router/dev/routes';
import { routerEntries } from '../core/route-patterns.ts';
import { ROUTE_TABLE, SSO_START_PATH } from '../core/route-table.ts';

/** Pages with a module of their own; every other page of the table shows the page shell. */
const PAGE_MODULES: Readonly<Record<string, string>> = {
  home: 'routes/home.tsx',
  error: 'routes/error.tsx',
};

export default [
  ...routerEntries(ROUTE_TABLE).map((entry) =>
    route(entry.pattern, PAGE_MODULES[entry.pageKey] ?? 'routes/page-shell.tsx', { id: entry.id }),
  ),
  route(`${SSO_START_PATH}/:provider`, 'routes/sign-in-unavailable.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
