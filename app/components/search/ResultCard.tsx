import { EXTERNAL_LINK_REL } from '~core/content';
import { resultLink, resultMeta, resultTypeLabel } from '~core/search';
import { Heading } from '../Heading.tsx';
import styles from './cards.module.css';
import { HighlightedText } from './HighlightedText.tsx';
import { NewTabMark } from './NewTabMark.tsx';
import type { ResultCardProps } from './result-settings.ts';

function MetaLine({ items }: { items: string[] }) {
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
  newTab = false,
  className,
}: ResultCardProps & {
  /** The title opens the result in a new tab, and says so (help offered inside a form). */
  newTab?: boolean;
  className?: string;
}) {
  const label = resultTypeLabel(result, settings.brand);
  return (
    <article className={className ? `${styles.card} ${className}` : styles.card}>
      {label ? <p className={styles.type}>{label}</p> : null}
      <Heading level={headingLevel} className={styles.title}>
        <a
          href={resultLink(result, settings)}
          onClick={onOpen ? () => onOpen(result, position) : undefined}
          {...(newTab ? { target: '_blank', rel: EXTERNAL_LINK_REL } : {})}
        >
          <HighlightedText text={result.title} highlights={result.titleHighlights} />
          {newTab ? <NewTabMark /> : null}
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
