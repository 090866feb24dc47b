import { resultLink, resultMeta, resultTypeLabel, type SearchResult } from '~core/search';
import { EXTERNAL_LINK_REL } from '~core/content';
import { Heading } from '../Heading.tsx';
import styles from './cards.module.css';
import { HighlightedText } from './HighlightedText.tsx';
import { NewTabMark } from './NewTabMark.tsx';
import { MetaLine } from './ResultCard.tsx';
import { useResultSettings, type ResultCardProps } from './result-settings.ts';

/**
 * Spec 2.6 'Case Deflection' card: help offered on the way to people. Its title opens the help
 * in a new tab, so the case or question being written stays as it is; otherwise it reads as a
 * result card (type, the excerpt with its matches marked, meta).
 */
export function CaseDeflectionCard({
  result,
  settings,
  headingLevel = 3,
}: Omit<ResultCardProps, 'position' | 'onOpen'>) {
  const label = resultTypeLabel(result, settings.brand);
  return (
    <article className={`${styles.card} ${styles.deflection}`}>
      {label ? <p className={styles.type}>{label}</p> : null}
      <Heading level={headingLevel} className={styles.title}>
        <a href={resultLink(result, settings)} target="_blank" rel={EXTERNAL_LINK_REL}>
          <HighlightedText text={result.title} highlights={result.titleHighlights} />
          <NewTabMark />
        </a>
      </Heading>
      {result.excerpt.trim() ? (
        <p className={styles.excerpt}>
          <HighlightedText text={result.excerpt} highlights={result.excerptHighlights} />
        </p>
      ) : null}
      <MetaLine items={resultMeta(result, settings)} />
    </article>
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
