import { Link } from 'react-router';
import styles from './kb.module.css';

export interface ContentListItem {
  key: string;
  title: string;
  summary?: string;
  to: string;
  /** What the item is, when a list mixes kinds ('Guide', 'Help article'). */
  kind?: string;
}

/** Articles and guides as cards: the title is the link, the whole card answers a click. */
export function ContentList({
  items,
  columns = 1,
}: {
  items: readonly ContentListItem[];
  columns?: 1 | 2;
}) {
  if (items.length === 0) return null;
  return (
    <ul
      className={columns === 2 ? `${styles.contentList} ${styles.twoColumns}` : styles.contentList}
    >
      {items.map((item) => (
        <li key={item.key} className={styles.contentItem}>
          {item.kind ? <span className={styles.contentKind}>{item.kind}</span> : null}
          <Link to={item.to} className={styles.contentLink}>
            {item.title}
          </Link>
          {item.summary ? <p className={styles.contentSummary}>{item.summary}</p> : null}
        </li>
      ))}
    </ul>
  );
}
