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

/** A titled list of articles or guides, or nothing when the list is empty. */
export function ContentListSection({
  id,
  title,
  items,
  columns = 1,
  noPrint = false,
}: {
  /** The heading's id, which the section is labelled by. */
  id: string;
  title: string;
  items: readonly ContentListItem[];
  columns?: 1 | 2;
  /** Left out of a printed page (an article's lists, which point elsewhere). */
  noPrint?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <section
      className={noPrint ? `${styles.section} ${styles.noPrint}` : styles.section}
      aria-labelledby={id}
    >
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <ContentList items={items} columns={columns} />
    </section>
  );
}
