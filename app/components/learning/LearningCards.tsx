import type { SearchResult } from '~core/search';
import { ContentCard } from '../search/ContentCard.tsx';
import { useResultSettings } from '../search/result-settings.ts';
import styles from './learning.module.css';

/** Learning items as the search page's content cards (spec 2.6), so both read the same. */
export function LearningCards({
  results,
  headingLevel = 3,
}: {
  results: readonly SearchResult[];
  headingLevel?: number;
}) {
  const settings = useResultSettings();
  if (!settings) return null;
  return (
    <ul className={styles.grid}>
      {results.map((result, index) => (
        <li key={result.uniqueId}>
          <ContentCard
            result={result}
            settings={settings}
            position={index + 1}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
