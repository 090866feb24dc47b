import { useId } from 'react';
import { contentCardModel } from '~core/search';
import { DEFAULT_REGION } from '~core/regions';
import { useRegion } from '~app/region/RegionProvider.tsx';
import { Heading } from '../Heading.tsx';
import styles from './cards.module.css';
import type { ResultCardProps } from './result-settings.ts';

/**
 * Spec 2.6 'Content cards': a learning item linking to its activity on the learning site, with
 * the next class date in the visitor's region for in-person classrooms.
 */
export function ContentCard({
  result,
  settings,
  position = 1,
  headingLevel = 3,
  onOpen,
}: ResultCardProps) {
  const region = useRegion()?.region ?? DEFAULT_REGION;
  const card = contentCardModel(result, { ...settings, region });
  const titleId = useId();
  const open = onOpen ? () => onOpen(result, position) : undefined;
  return (
    <article className={`${styles.card} ${styles.content}`}>
      {card.formatLabel ? <p className={styles.type}>{card.formatLabel}</p> : null}
      <Heading level={headingLevel} className={styles.title} id={titleId}>
        <a href={card.link} onClick={open}>
          {card.title}
        </a>
      </Heading>
      {card.description ? <p className={styles.excerpt}>{card.description}</p> : null}
      {card.nextClass ? (
        <p className={styles.nextClass}>
          Next class: <time>{card.nextClass}</time>
        </p>
      ) : null}
      <a className={styles.action} href={card.link} aria-describedby={titleId} onClick={open}>
        {card.linkText}
      </a>
    </article>
  );
}
