import { StandaloneSearchBox, type SearchBoxMode } from '../components/StandaloneSearchBox.tsx';
import { useSiteConfig } from '../site.ts';
import styles from './HeroBanner.module.css';

/** Spec 2.5: the default search placeholder. */
export const HERO_SEARCH_PLACEHOLDER = 'Search support, learning, and discussions';

/** Spec 2.5: the default title. */
export function heroTitle(product: string): string {
  return `Get expert help using ${product}, any time you need it`;
}

/** The illustration of each mode, a static image under hero_images (spec 2.7 'Static images'). */
export const HERO_ILLUSTRATIONS: Readonly<Record<SearchBoxMode, string>> = {
  support: '/img/hero_images/support.svg',
  learning: '/img/hero_images/learning.svg',
};

export interface HeroBannerProps {
  /** Support sends searches to the search page, learning to the learning search page. */
  mode: SearchBoxMode;
  /** Overrides the default title. */
  title?: string;
  /** Overrides the default search placeholder. */
  placeholder?: string;
}

/**
 * The hero banner of spec 2.5: the page's h1, the standalone search box and the mode's
 * illustration, which is decorative (the title says what the page is for) and left out below
 * 600 px, where it would push the search box down.
 */
export function HeroBanner({ mode, title, placeholder }: HeroBannerProps) {
  const config = useSiteConfig();
  if (!config) return null;
  const headingId = `hero-title-${mode}`;
  return (
    <section className={styles.hero} aria-labelledby={headingId} data-mode={mode}>
      <div className={styles.inner}>
        <div className={styles.text}>
          <h1 id={headingId} className={styles.title}>
            {title ?? heroTitle(config.product)}
          </h1>
          <StandaloneSearchBox mode={mode} placeholder={placeholder ?? HERO_SEARCH_PLACEHOLDER} />
        </div>
        <img
          className={styles.illustration}
          src={HERO_ILLUSTRATIONS[mode]}
          alt=""
          width={480}
          height={320}
          decoding="async"
        />
      </div>
    </section>
  );
}
