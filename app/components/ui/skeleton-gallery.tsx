import { SKELETON_LAYOUT_NAMES } from '~core/ui';
import { Heading } from '../Heading.tsx';
import { Skeleton } from './Skeleton.tsx';
import styles from './Skeleton.module.css';

/**
 * Every skeleton layout of spec 2.7 under its name, for the block gallery page. The gallery
 * places the section; its heading level follows the page's outline.
 */
export function SkeletonGallery({ headingLevel = 2 }: { headingLevel?: number }) {
  return (
    <section className={styles.gallery} aria-labelledby="skeleton-gallery-heading">
      <Heading level={headingLevel} id="skeleton-gallery-heading">
        Skeleton loaders
      </Heading>
      <ul className={styles.galleryList}>
        {SKELETON_LAYOUT_NAMES.map((name) => (
          <li key={name} className={styles.galleryItem}>
            <Heading level={headingLevel + 1} className={styles.galleryTitle}>
              <code>{name}</code>
            </Heading>
            <Skeleton layout={name} />
          </li>
        ))}
      </ul>
    </section>
  );
}
