import { Link } from 'react-router';
import { useRouteContract } from '~app/site.ts';
import styles from './community.module.css';

/** A discussion's topics as tags linking to each topic's page; nothing when it has none. */
export function TopicTags({ topics }: { topics: ReadonlyArray<{ id: string; name: string }> }) {
  const contract = useRouteContract();
  if (topics.length === 0) return null;
  return (
    <ul className={styles.tags} aria-label="Topics">
      {topics.map((topic) => (
        <li key={topic.id}>
          <Link className={styles.tag} to={contract?.path('topic', { id: topic.id }) ?? '#'}>
            {topic.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
