import { resultLink, resultMeta, resultTypeLabel } from '~core/search';
import { Heading } from '../Heading.tsx';
import styles from './cards.module.css';
import { HighlightedText } from './HighlightedText.tsx';
import type { ResultCardProps } from './result-settings.ts';

/** A result's meta (spec 2.6: products, audience, dates), or nothing when it has none. */
export function MetaLine({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <ul className={styles.meta}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * The '{search library} result card' of spec 2.6: content type, the title linking to the
 * product's own URL, the excerpt with its matches marked, and the result's meta.
 */
export function ResultCard({
  result,
  settings,
  position = 1,
  headingLevel = 3,
  onOpen,
}: ResultCardProps) {
  const label = resultTypeLabel(result, settings.brand);
  return (
    <article className={styles.card}>
      {label ? <p className={styles.type}>{label}</p> : null}
      <Heading level={headingLevel} className={styles.title}>
        <a
          href={resultLink(result, settings)}
          onClick={onOpen ? () => onOpen(result, position) : undefined}
        >
          <HighlightedText text={result.title} highlights={result.titleHighlights} />
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
