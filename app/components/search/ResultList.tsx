import { resultKind } from '~core/search';
import type { SearchResult } from '~core/search';
import { AppCard } from './AppCard.tsx';
import { ContentCard } from './ContentCard.tsx';
import { LiteCard } from './LiteCard.tsx';
import { ResultCard } from './ResultCard.tsx';
import type { ResultOpenHandler, ResultSettings } from './result-settings.ts';
import styles from './cards.module.css';

export interface ResultListProps {
  results: readonly SearchResult[];
  settings: ResultSettings;
  /** 'lite' shows ordinary results as lite cards (recommendation blocks); apps and learning keep their cards. */
  variant?: 'full' | 'lite';
  headingLevel?: number;
  /** The position of the first result, so later pages keep counting (firstResult + 1). */
  firstPosition?: number;
  onOpen?: ResultOpenHandler;
  /** Names the list for assistive technology. */
  label?: string;
}

/** A list of results, each on the card its kind calls for (spec 2.6 'Card types'). */
export function ResultList({
  results,
  settings,
  variant = 'full',
  headingLevel = 3,
  firstPosition = 1,
  onOpen,
  label,
}: ResultListProps) {
  if (results.length === 0) return null;
  return (
    <ol
      className={variant === 'lite' ? `${styles.list} ${styles.liteList}` : styles.list}
      aria-label={label}
    >
      {results.map((result, index) => {
        const props = {
          result,
          settings,
          headingLevel,
          onOpen,
          position: firstPosition + index,
        };
        const kind = resultKind(result, settings.brand);
        return (
          <li key={result.uniqueId} className={styles.item}>
            {kind === 'app' ? (
              <AppCard {...props} />
            ) : kind === 'learning' ? (
              <ContentCard {...props} />
            ) : variant === 'lite' ? (
              <LiteCard {...props} />
            ) : (
              <ResultCard {...props} />
            )}
          </li>
        );
      })}
    </ol>
  );
}
