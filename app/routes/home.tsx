import type { MetaArgs } from 'react-router';
import { homeDescription, pageHeading } from '../../core/page-titles.ts';
import { StandaloneSearchBox } from '../components/StandaloneSearchBox.tsx';
import { pageMeta } from '../meta.ts';
import { useSiteConfig } from '../site.ts';
import styles from './home.module.css';

export function meta({ matches }: MetaArgs) {
  return pageMeta(matches, (config) => pageHeading('home', config), {
    description: homeDescription,
  });
}

export default function Home() {
  const config = useSiteConfig();
  if (!config) return null;
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.heroInner}>
        <h1 id="hero-title">{`Get expert help using ${config.brand}, any time you need it`}</h1>
        <StandaloneSearchBox placeholder="Search support, learning, and discussions" />
      </div>
    </section>
  );
}
