import { Link, useLocation } from 'react-router';
import type { PageType } from '~core/routes';
import { LOGOUT_PATH } from '~core/session';
import { ssoStartUrl } from '~core/routes';
import { CSRF_FIELD, useCsrfToken } from '../csrf.ts';
import { useSite } from '../site.ts';
import { useViewer } from '../viewer.ts';
import { BrandMark } from './BrandMark.tsx';
import { StandaloneSearchBox } from './StandaloneSearchBox.tsx';
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

const OWN_SEARCH_BOX_PAGES = ['home', 'learning', 'search', 'learningSearch'] as const;

export function SiteHeader() {
  const site = useSite();
  const location = useLocation();
  const viewer = useViewer();
  const csrfToken = useCsrfToken();
  if (!site) return null;
  const { config, contract } = site;

  const currentType = contract.pageType(location.pathname);
  const here = `${location.pathname}${location.search}`;
  // The home, learning and search pages carry the page's main search box (the hero banner's or
  // the results page's); the header's would repeat it.
  const withoutTrailingSlash = (path: string | undefined) => path?.replace(/\/$/, '');
  const hasOwnSearchBox = OWN_SEARCH_BOX_PAGES.some(
    (pageKey) =>
      withoutTrailingSlash(contract.path(pageKey)) === withoutTrailingSlash(location.pathname),
  );
  const searchMode = currentType === 'learning' ? 'learning' : 'support';

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
        {viewer.isGuest ? (
          <a className={styles.signIn} href={ssoStartUrl(config.ssoProvider, here)}>
            Sign in
          </a>
        ) : (
          <form method="post" action={LOGOUT_PATH} className={styles.account}>
            <span className={styles.userName}>{viewer.fullName}</span>
            <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
            <button type="submit" className={styles.logOut}>
              Log out
            </button>
          </form>
        )}
      </div>
      {hasOwnSearchBox ? null : (
        <div className={styles.search}>
          <StandaloneSearchBox
            size="medium"
            mode={searchMode}
            landmarkLabel="Site search"
            // Short enough for a phone's width; the home hero carries the long placeholder.
            placeholder={searchMode === 'learning' ? 'Search learning' : `Search ${config.product}`}
          />
        </div>
      )}
    </header>
  );
}
