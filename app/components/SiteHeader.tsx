import { Link, useLocation } from 'react-router';
import type { PageType } from '../../core/route-table.ts';
import { ssoStartUrl } from '../../core/routes.ts';
import { useSite } from '../site.ts';
import { BrandMark } from './BrandMark.tsx';
import styles from './SiteHeader.module.css';

const SECTIONS: ReadonlyArray<{ label: string; pageKey: string; types: readonly PageType[] }> = [
  {
    label: 'Support',
    pageKey: 'home',
    types: ['support', 'getting-started', 'accountants-and-bookkeepers'],
  },
  { label: 'Learning', pageKey: 'learning', types: ['learning'] },
  { label: 'Community', pageKey: 'community', types: ['community'] },
  { label: 'Partners', pageKey: 'partners', types: ['partners'] },
];

export function SiteHeader() {
  const site = useSite();
  const location = useLocation();
  if (!site) return null;
  const { config, contract } = site;

  const currentType = contract.pageType(location.pathname);
  const here = `${location.pathname}${location.search}`;

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to={contract.path('home') ?? '/'} className={styles.brand}>
          <BrandMark />
          <span>
            {config.brand} <span className={styles.brandArea}>Support</span>
          </span>
        </Link>
        <nav aria-label="Main" className={styles.nav}>
          <ul className={styles.navList}>
            {SECTIONS.map((section) => (
              <li key={section.pageKey}>
                <Link
                  to={contract.path(section.pageKey) ?? '/'}
                  className={styles.navLink}
                  aria-current={section.types.includes(currentType) ? 'page' : undefined}
                >
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <a className={styles.signIn} href={ssoStartUrl(config.ssoProvider, here)}>
          Sign in
        </a>
      </div>
    </header>
  );
}
