import { useId } from 'react';
import { useSite } from '../site.ts';
import styles from './SearchForm.module.css';

/**
 * A search box that works without JavaScript: it submits the query to the search page as ?q=.
 * The search page reads that as well as the #q= state the enhanced search box writes.
 */
export function SearchForm({ placeholder }: { placeholder: string }) {
  const id = useId();
  const site = useSite();
  if (!site) return null;
  const { config, contract } = site;
  return (
    <form role="search" action={contract.path('search')} method="get" className={styles.form}>
      <label htmlFor={id} className="visually-hidden">
        Search {config.product}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        placeholder={placeholder}
        autoComplete="off"
        className={styles.input}
      />
      <button type="submit" className={styles.button}>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path
            d="M15.5 15.5L21 21"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </svg>
        <span className="visually-hidden">Search</span>
      </button>
    </form>
  );
}
