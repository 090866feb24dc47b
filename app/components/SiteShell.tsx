import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useSite } from '../site.ts';
import { BrandMark } from './BrandMark.tsx';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';
import styles from './SiteShell.module.css';

/**
 * Every page's frame: skip link, header, the main region the skip link lands on, footer. A
 * flow-isolation page (spec 2.1, raising a case) gets a focused frame instead: the brand and a
 * way out, without the site's navigation, search or footer. `notices` (the cookie banner) come
 * right after the skip link, so keyboard use still starts at the skip link.
 */
export function SiteShell({ children, notices }: { children: ReactNode; notices?: ReactNode }) {
  const site = useSite();
  const { pathname } = useLocation();
  const focused = site?.contract.pageType(pathname) === 'flow-isolation';
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to main content
      </a>
      {notices}
      {focused && site ? (
        <header className={styles.focusedHeader}>
          <span className={styles.focusedBrand}>
            <BrandMark />
            {site.config.brand} Support
          </span>
          <Link to={site.contract.path('home') ?? '/'}>Leave and go to the help home page</Link>
        </header>
      ) : (
        <SiteHeader />
      )}
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      {focused ? null : <SiteFooter />}
    </div>
  );
}
