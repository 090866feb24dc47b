import { useId } from 'react';
import { Link } from 'react-router';
import { mapRegion, REGION_NAMES, REGIONS } from '~core/regions';
import { CookieSettingsLink } from '../consent/ConsentManager.tsx';
import { useRegion } from '../region/RegionProvider.tsx';
import { useSite } from '../site.ts';
import styles from './SiteFooter.module.css';

const COLUMNS: ReadonlyArray<{
  heading: string;
  links: ReadonlyArray<{ label: string; pageKey: string }>;
}> = [
  {
    heading: 'Help',
    links: [
      { label: 'Search help', pageKey: 'search' },
      { label: 'All topics', pageKey: 'topicCatalog' },
      { label: 'Contact support', pageKey: 'contactSupport' },
    ],
  },
  {
    heading: 'Learn',
    links: [
      { label: 'Learning', pageKey: 'learning' },
      { label: 'Webinars and events', pageKey: 'webinarsEvents' },
      { label: 'Certifications', pageKey: 'certifications' },
    ],
  },
  {
    heading: 'Community',
    links: [
      { label: 'Community', pageKey: 'community' },
      { label: 'Start a discussion', pageKey: 'startDiscussion' },
    ],
  },
  {
    heading: 'Partners',
    links: [
      { label: 'Partner programme', pageKey: 'partners' },
      { label: 'Advisor directory', pageKey: 'advisorDirectory' },
    ],
  },
];

/** Spec 4: the visitor's region, stored and broadcast to the rest of the page when changed. */
function RegionPicker() {
  const id = useId();
  const state = useRegion();
  // The root error page has no region state to change, so it offers no picker.
  if (!state) return null;
  const { region, setRegion } = state;
  return (
    <div className={styles.region}>
      <label htmlFor={id} className={styles.regionLabel}>
        Region
      </label>
      <select
        id={id}
        className={styles.regionSelect}
        value={region}
        onChange={(event) => setRegion(mapRegion(event.target.value))}
      >
        {REGIONS.map((code) => (
          <option key={code} value={code}>
            {REGION_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SiteFooter() {
  const site = useSite();
  if (!site) return null;
  const { config, contract } = site;
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label="Footer" className={styles.columns}>
          {COLUMNS.map((column) => (
            <div key={column.heading}>
              <h2 className={styles.heading}>{column.heading}</h2>
              <ul className={styles.list}>
                {column.links.map((link) => (
                  <li key={link.pageKey}>
                    <Link to={contract.path(link.pageKey) ?? '/'}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className={styles.legal}>
          <RegionPicker />
          <span>
            © {new Date().getFullYear()} {config.brand}
          </span>
          <Link to={contract.path('consentAndPreferences') ?? '/'}>
            Marketing communication preferences
          </Link>
          <CookieSettingsLink className={styles.linkButton} />
        </div>
      </div>
    </footer>
  );
}
