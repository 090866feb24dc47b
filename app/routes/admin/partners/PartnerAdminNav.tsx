import { NavLink } from 'react-router';
import { PARTNER_ADMIN_PATHS } from '~core/partner';
import styles from './partner-admin.module.css';

const PAGES = [
  { to: PARTNER_ADMIN_PATHS.programme, label: 'Tiers and earning rules' },
  { to: PARTNER_ADMIN_PATHS.onboarding, label: 'Onboarding and suggested steps' },
  { to: PARTNER_ADMIN_PATHS.challenges, label: 'Challenges' },
  { to: PARTNER_ADMIN_PATHS.rewards, label: 'Rewards and redemptions' },
  { to: PARTNER_ADMIN_PATHS.resources, label: 'Resources' },
  { to: PARTNER_ADMIN_PATHS.points, label: 'Points adjustments' },
  { to: PARTNER_ADMIN_PATHS.serviceJobs, label: 'Managed-service jobs' },
  { to: PARTNER_ADMIN_PATHS.changes, label: 'Configuration changes' },
] as const;

/** The programme's admin pages, one from another. */
export function PartnerAdminNav() {
  return (
    <nav aria-label="Partner programme administration" className={styles.nav}>
      <ul className={styles.navList}>
        {PAGES.map((page) => (
          <li key={page.to}>
            <NavLink to={page.to} end className={styles.navLink}>
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
