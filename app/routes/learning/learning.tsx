import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { pageHeading } from '~core/routes';
import { DEFAULT_REGION, REGION_NAMES } from '~core/regions';
import { HeroBanner } from '~app/blocks/HeroBanner.tsx';
import { LearningCards } from '~app/components/learning/LearningCards.tsx';
import { SessionList } from '~app/components/learning/SessionList.tsx';
import styles from '~app/components/learning/learning.module.css';
import { pageMeta } from '~app/meta.ts';
import { useRegion } from '~app/region/RegionProvider.tsx';
import { useSite } from '~app/site.ts';
import { learningHome } from './learning.server.ts';

export async function loader({ context }: LoaderFunctionArgs) {
  return learningHome(context.db, {
    learningBaseUrl: context.config.learningBaseUrl,
    now: context.clock.now(),
  });
}

export function meta({ matches }: MetaArgs) {
  return pageMeta(matches, (config) => pageHeading('learning', config), {
    description: (config) =>
      `Courses, webinars, events and in-person classes that build your ${config.brand} skills.`,
  });
}

/** The learning page: hero in learning mode, featured items, what is coming up, paths. */
export default function LearningPage() {
  const { featured, upcoming, paths } = useLoaderData<typeof loader>();
  const site = useSite();
  const region = useRegion()?.region ?? DEFAULT_REGION;
  if (!site) return null;
  const { config, contract } = site;
  const nearby = upcoming.filter((session) => session.region === region);
  return (
    <>
      <HeroBanner mode="learning" title={pageHeading('learning', config)} />
      <div className={styles.page}>
        <section className={styles.section} aria-labelledby="featured-learning">
          <h2 id="featured-learning">Featured learning</h2>
          <p className={styles.lead}>Start with the courses and classes learners rate most.</p>
          <LearningCards results={featured} />
        </section>
        <section className={styles.section} aria-labelledby="upcoming-learning">
          <h2 id="upcoming-learning">Upcoming webinars and classes</h2>
          <p className={styles.lead}>
            {`Sessions in ${REGION_NAMES[region]}, with times in your time zone.`}
          </p>
          {nearby.length > 0 ? (
            <SessionList sessions={nearby} />
          ) : (
            <p>
              {`No sessions are scheduled in ${REGION_NAMES[region]} yet. Browse the recordings and the sessions in other regions instead.`}
            </p>
          )}
          <p className={styles.more}>
            <Link to={contract.path('webinarsEvents') ?? '/0/webinars-events'}>
              See all webinars and events
            </Link>
          </p>
        </section>
        <section className={styles.section} aria-labelledby="learning-paths">
          <h2 id="learning-paths">Learning paths</h2>
          <p className={styles.lead}>
            Plans and tracks that take you from first steps to certified.
          </p>
          {paths.map((path) => (
            <section
              key={path.audience}
              className={styles.section}
              aria-labelledby={`paths-${path.audience.replace(/\W+/g, '-')}`}
            >
              <h3 id={`paths-${path.audience.replace(/\W+/g, '-')}`}>{`For ${path.audience}`}</h3>
              <LearningCards results={path.paths} headingLevel={4} />
            </section>
          ))}
          <p className={styles.more}>
            <Link to={contract.path('certifications') ?? '/s/certifications'}>
              See your certifications
            </Link>
          </p>
        </section>
      </div>
    </>
  );
}
