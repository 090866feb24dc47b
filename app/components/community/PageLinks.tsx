import { Link, useLocation } from 'react-router';
import { pageHref, pagesAround } from './paging.ts';
import styles from './PageLinks.module.css';

/**
 * Links to the pages of a paged list, plain links that work without JavaScript: previous,
 * the numbers around the current page (marked as the current page), next. `label` names the
 * list ('Pages of unanswered discussions').
 */
export function PageLinks({ page, count, label }: { page: number; count: number; label: string }) {
  const { search } = useLocation();
  if (count <= 1) return null;
  return (
    <nav aria-label={label}>
      <ul className={styles.pages}>
        {page > 1 ? (
          <li>
            <Link className={styles.page} to={pageHref(search, page - 1)} rel="prev">
              Previous<span className="visually-hidden"> page</span>
            </Link>
          </li>
        ) : null}
        {pagesAround(page, count).map((entry, index) =>
          entry === 'gap' ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={entry}>
              <Link
                className={styles.page}
                to={pageHref(search, entry)}
                aria-label={`Page ${entry}`}
                aria-current={entry === page ? 'page' : undefined}
              >
                {entry}
              </Link>
            </li>
          ),
        )}
        {page < count ? (
          <li>
            <Link className={styles.page} to={pageHref(search, page + 1)} rel="next">
              Next<span className="visually-hidden"> page</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
