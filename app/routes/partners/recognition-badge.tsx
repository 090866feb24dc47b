import { useId } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { pageHeading } from '~core/routes';
import { BadgeRecognition } from '~app/components/partners/BadgeRecognition.tsx';
import styles from '~app/components/partners/partners.module.css';
import communityStyles from '~app/components/community/community.module.css';
import { headedPageMeta } from '~app/meta.ts';
import { useRouteContract, useSiteConfig } from '~app/site.ts';
import { recognitionBadgeLoader } from './recognition-badge.server.ts';

export async function loader(args: LoaderFunctionArgs) {
  return recognitionBadgeLoader(args);
}

export const meta = headedPageMeta('recognitionBadge', { noIndex: true });

type Loaded = Awaited<ReturnType<typeof recognitionBadgeLoader>>;
type Badge = Extract<Loaded, { kind: 'public' }>['badge'];

function dayOf(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function BadgeFigure({ badge }: { badge: Badge }) {
  return (
    <figure className={styles.badgeFigure}>
      <img src={badge.imagePath} alt={badge.alt} width={240} height={96} />
      <figcaption>
        {badge.revoked ? (
          <strong>This badge was revoked: its holder no longer holds this tier.</strong>
        ) : (
          `${badge.name}, awarded to ${badge.earner} on ${dayOf(badge.issuedAt)}.`
        )}
      </figcaption>
    </figure>
  );
}

/** Read-only text to copy: a labelled field, selected whole on focus. */
function CopyField({ label, value, rows }: { label: string; value: string; rows: number }) {
  const id = useId();
  return (
    <div className={communityStyles.field}>
      <label htmlFor={id} className={communityStyles.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={communityStyles.textarea}
        readOnly
        rows={rows}
        value={value}
        onFocus={(event) => event.currentTarget.select()}
      />
    </div>
  );
}

/**
 * A practice's recognition badge: anyone with its link sees it and can verify it; the partner
 * signed in gets their own to share, as a link, an embeddable image and verifiable data.
 */
export default function RecognitionBadgePage() {
  const page = useLoaderData<typeof loader>();
  const config = useSiteConfig();
  const contract = useRouteContract();
  const heading = config ? pageHeading('recognitionBadge', config) : '';
  const programme = contract?.path('partners') ?? '#';
  return (
    <div className={communityStyles.page}>
      <header className={communityStyles.header}>
        <h1 className={communityStyles.title}>{heading}</h1>
      </header>
      {page.kind === 'about' ? (
        <div className={communityStyles.notice}>
          <p>Partners earn a recognition badge for their tier and share it with their clients.</p>
          <p>
            <Link to={programme}>See the partner programme</Link>
          </p>
        </div>
      ) : page.kind === 'no-tier' ? (
        <div className={communityStyles.notice}>
          <p>Your badge arrives with your first tier: earn points to reach the Partner tier.</p>
          <p>
            <Link to={programme}>Go to your partner dashboard</Link>
          </p>
        </div>
      ) : (
        <>
          <section className={styles.panel} aria-labelledby="badge-heading">
            <h2 id="badge-heading">{page.badge.name}</h2>
            <BadgeFigure badge={page.badge} />
            <p>
              <a href={page.badge.assertionUrl}>Verify this badge (Open Badges data)</a>
            </p>
          </section>
          <BadgeRecognition earner={page.badge.earner} recognition={page.recognition} />
          {page.kind === 'own' ? (
            <section className={styles.section} aria-labelledby="share-heading">
              <h2 id="share-heading">Share your badge</h2>
              <p>
                The badge follows your tier: if your tier drops, this badge is revoked and a new one
                is issued when you reach a tier again.
              </p>
              <CopyField label="Link to your badge" value={page.badge.pageUrl} rows={2} />
              <CopyField label="Code for your website" value={page.badge.embedCode} rows={4} />
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
