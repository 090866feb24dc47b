import { Form, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import {
  LEARNING_KIND_LABELS,
  SCHEDULED_KINDS,
  scheduleFilter,
  WATCH_RECORDING,
} from '~core/learning';
import { pageHeading } from '~core/routes';
import { REGIONS, REGION_NAMES } from '~core/regions';
import { durationLabel, SessionList } from '~app/components/learning/SessionList.tsx';
import styles from '~app/components/learning/learning.module.css';
import { pageMeta } from '~app/meta.ts';
import { useSite } from '~app/site.ts';
import { webinarsEvents } from './learning.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const filter = scheduleFilter(new URL(request.url).searchParams);
  const page = await webinarsEvents(context.db, filter, {
    learningBaseUrl: context.config.learningBaseUrl,
    now: context.clock.now(),
  });
  return { ...page, filter };
}

export function meta({ matches }: MetaArgs) {
  return pageMeta(matches, (config) => pageHeading('webinarsEvents', config), {
    description: (config) =>
      `Live webinars, events and in-person classes about ${config.brand}, and recordings to watch any time.`,
  });
}

/** Upcoming sessions and on-demand recordings, filtered by region and format. */
export default function WebinarsEventsPage() {
  const { upcoming, onDemand, filter } = useLoaderData<typeof loader>();
  const site = useSite();
  if (!site) return null;
  return (
    <div className={styles.page}>
      <h1>{pageHeading('webinarsEvents', site.config)}</h1>
      <p className={styles.lead}>
        Join a live session with our trainers, or watch a recording when it suits you. Times are
        shown in your time zone.
      </p>
      <Form method="get" className={styles.filters} aria-label="Filter sessions">
        <label>
          Region
          <select name="region" defaultValue={filter.region ?? ''}>
            <option value="">All regions</option>
            {REGIONS.map((region) => (
              <option key={region} value={region}>
                {REGION_NAMES[region]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Format
          <select name="format" defaultValue={filter.format ?? ''}>
            <option value="">All formats</option>
            {SCHEDULED_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {LEARNING_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Show sessions</button>
      </Form>
      <section className={styles.section} aria-labelledby="upcoming-sessions">
        <h2 id="upcoming-sessions">Upcoming</h2>
        {upcoming.length > 0 ? (
          <SessionList sessions={upcoming} />
        ) : (
          <p>No sessions match these filters. Try another region or format.</p>
        )}
      </section>
      <section className={styles.section} aria-labelledby="on-demand">
        <h2 id="on-demand">On demand</h2>
        {onDemand.length > 0 ? (
          <ul className={styles.grid}>
            {onDemand.map((item) => (
              <li key={item.id}>
                <article className={styles.session}>
                  <p className={styles.kind}>{`${item.kindLabel} recording`}</p>
                  <h3 className={styles.sessionTitle} id={`on-demand-${item.id}`}>
                    {item.title}
                  </h3>
                  <p className={styles.lead}>{item.description}</p>
                  <ul className={styles.facts}>
                    <li>{durationLabel(item.durationMinutes)}</li>
                    <li>Watch any time</li>
                  </ul>
                  <div className={styles.actions}>
                    <a
                      className={styles.register}
                      href={item.recordingUrl}
                      aria-describedby={`on-demand-${item.id}`}
                    >
                      {WATCH_RECORDING}
                    </a>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        ) : (
          <p>No recordings match this format.</p>
        )}
      </section>
    </div>
  );
}
