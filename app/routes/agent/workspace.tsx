import {
  isRouteErrorResponse,
  NavLink,
  Outlet,
  useLoaderData,
  useRouteError,
  type LoaderFunctionArgs,
} from 'react-router';
import { NotFound } from '~app/components/NotFound.tsx';
import { requireAgentPage } from './agent.server.ts';
import styles from './agent.module.css';
import { WORKSPACE_NAV } from './workspace-nav.ts';

/** The agents' workspace's frame: its navigation, then the page. */
export function loader({ request, context }: LoaderFunctionArgs) {
  requireAgentPage(context, request);
  return { nav: WORKSPACE_NAV };
}

export default function AgentWorkspace() {
  const { nav } = useLoaderData<typeof loader>();
  return (
    <div className={styles.workspace}>
      <nav aria-label="Agents' workspace" className={styles.nav}>
        <p className={styles.navTitle}>Agents&apos; workspace</p>
        <ul className={styles.navList}>
          {nav.map((entry) => (
            <li key={entry.path}>
              <NavLink to={entry.path} end={entry.path === '/agent'} className={styles.navLink}>
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const refusal = isRouteErrorResponse(error) && error.status === 403;
  return (
    <div className={styles.refusal}>
      <h1>{refusal ? 'Only for the support team' : 'Something went wrong on our side'}</h1>
      <p>
        {refusal && typeof error.data === 'string'
          ? error.data
          : 'Please try again in a moment. If it keeps happening, contact support.'}
      </p>
    </div>
  );
}
