import { resultLink, resultTypeLabel } from '~core/search';
import { Heading } from '../Heading.tsx';
import styles from './cards.module.css';
import type { ResultCardProps } from './result-settings.ts';

/** Spec 2.6 'Lite card': the type and the linked title only, for short lists. */
export function LiteCard({
  result,
  settings,
  position = 1,
  headingLevel = 3,
  onOpen,
}: ResultCardProps) {
  const label = resultTypeLabel(result, settings.brand);
  return (
    <article className={`${styles.card} ${styles.lite}`}>
      {label ? <p className={styles.type}>{label}</p> : null}
      <Heading level={headingLevel} className={styles.title}>
        <a
          href={resultLink(result, settings)}
          onClick={onOpen ? () => onOpen(result, position) : undefined}
        >
          {result.title}
        </a>
      </Heading>
    </article>
  );
}
