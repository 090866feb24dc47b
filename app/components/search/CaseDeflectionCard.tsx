import type { SearchResult } from '~core/search';
import styles from './cards.module.css';
import { ResultCard } from './ResultCard.tsx';
import { useResultSettings, type ResultCardProps } from './result-settings.ts';

/**
 * Spec 2.6 'Case Deflection' card: help offered on the way to people. It reads as a result card
 * (type, the title by the result link rules, the excerpt with its matches marked, meta), but its
 * title opens the help in a new tab, so the case or question being written stays as it is.
 */
export function CaseDeflectionCard({
  result,
  settings,
  headingLevel = 3,
}: Omit<ResultCardProps, 'position' | 'onOpen'>) {
  return (
    <ResultCard
      result={result}
      settings={settings}
      headingLevel={headingLevel}
      newTab
      className={styles.deflection}
    />
  );
}

/** Help offered on the way to people, as Case Deflection cards under one accessible name. */
export function CaseDeflectionList({
  results,
  label,
  headingLevel = 3,
}: {
  results: readonly SearchResult[];
  label: string;
  headingLevel?: number;
}) {
  const settings = useResultSettings();
  if (!settings) return null;
  return (
    <ul className={styles.list} aria-label={label}>
      {results.map((result) => (
        <li key={result.uniqueId} className={styles.item}>
          <CaseDeflectionCard result={result} settings={settings} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
