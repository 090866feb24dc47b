import { useId, useState } from 'react';
import { appCardModel } from '~core/search';
import { EXTERNAL_LINK_REL } from '~core/content';
import { Heading } from '../Heading.tsx';
import styles from './cards.module.css';
import { NewTabMark } from './NewTabMark.tsx';
import type { ResultCardProps } from './result-settings.ts';
import { StarRating } from './StarRating.tsx';

/** Spec 2.6 'App cards': an app from the marketplace, with a link to its page in a new tab. */
export function AppCard({
  result,
  settings,
  position = 1,
  headingLevel = 3,
  onOpen,
}: ResultCardProps) {
  const app = appCardModel(result, settings);
  const titleId = useId();
  // A logo that fails to load is replaced by the initials rather than left as a broken image.
  const [logoFailed, setLogoFailed] = useState(false);
  return (
    <article className={`${styles.card} ${styles.app}`}>
      <div className={styles.appHeader}>
        {app.logoUrl && !logoFailed ? (
          <img
            className={styles.logo}
            style={{ backgroundColor: app.logoColor }}
            src={app.logoUrl}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            onError={() => setLogoFailed(true)}
          />
        ) : (
          <span
            className={styles.logo}
            style={{ backgroundColor: app.logoColor, color: app.initialsColor }}
            aria-hidden="true"
          >
            {app.initials}
          </span>
        )}
        <div>
          <Heading level={headingLevel} className={styles.title} id={titleId}>
            {app.name}
          </Heading>
          <StarRating rating={app.rating} />
        </div>
      </div>
      {app.description ? <p className={styles.excerpt}>{app.description}</p> : null}
      {app.functions ? <p className={styles.functions}>{app.functions}</p> : null}
      <a
        className={styles.action}
        href={app.link}
        target="_blank"
        rel={EXTERNAL_LINK_REL}
        aria-describedby={titleId}
        onClick={onOpen ? () => onOpen(result, position) : undefined}
      >
        {app.linkText}
        <NewTabMark />
      </a>
    </article>
  );
}
