import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ssoStartUrl } from '~core/routes';
import { useSiteConfig } from '~app/site.ts';
import { returnPath } from './display.ts';
import styles from './community.module.css';

/**
 * What a guest gets instead of a posting control: a link to sign in (the single sign-on start
 * path, spec 2.3) that brings them back to this page, at `anchor` when given, or to `returnTo`.
 */
export function SignInLink({
  children,
  anchor,
  returnTo,
  className,
}: {
  children: ReactNode;
  anchor?: string;
  /** Another page of this site to land on after signing in (the start-a-discussion page). */
  returnTo?: string;
  className?: string;
}) {
  const config = useSiteConfig();
  const location = useLocation();
  const here = returnTo ?? returnPath(location.pathname, location.search, anchor);
  return (
    <a
      className={className ?? styles.quietButton}
      href={ssoStartUrl(config?.ssoProvider ?? 'portal', here)}
    >
      {children}
    </a>
  );
}
