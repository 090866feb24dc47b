import { Link } from 'react-router';
import styles from './Breadcrumbs.module.css';

export interface Breadcrumb {
  label: string;
  /** Absent for the current page, the last crumb. */
  to?: string;
}

/** Where the page sits: Home › topic parent › topic, the current page last and unlinked. */
export function Breadcrumbs({ items }: { items: readonly Breadcrumb[] }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
      <ol className={styles.list}>
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`} className={styles.item}>
            {item.to !== undefined ? (
              <Link to={item.to}>{item.label}</Link>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
