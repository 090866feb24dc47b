import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { expiryLabel, certificationState } from '~core/learning';
import { pageHeading, ssoStartUrl } from '~core/routes';
import { contentDateLabel } from '~core/search';
import { CertificationBadge } from '~app/components/learning/CertificationBadge.tsx';
import styles from '~app/components/learning/learning.module.css';
import { headedPageMeta } from '~app/meta.ts';
import { useSite } from '~app/site.ts';
import { certificationsOf } from './learning.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const today = context.clock.now().toISOString().slice(0, 10);
  if (context.viewer.isGuest) {
    return {
      signedIn: false as const,
      signInUrl: ssoStartUrl(context.config.ssoProvider, `${url.pathname}${url.search}`),
      certifications: [],
      today,
    };
  }
  return {
    signedIn: true as const,
    signInUrl: null,
    certifications: await certificationsOf(context.db, context.viewer.user.email),
    today,
  };
}

export const meta = headedPageMeta('certifications', { noIndex: true });

/** A signed-in user's certifications from the learning platform. */
export default function CertificationsPage() {
  const { signedIn, signInUrl, certifications, today } = useLoaderData<typeof loader>();
  const site = useSite();
  if (!site) return null;
  const { config, contract } = site;
  const learningPath = contract.path('learning') ?? '/0/learning';
  return (
    <div className={styles.page}>
      <h1>{pageHeading('certifications', config)}</h1>
      {!signedIn ? (
        <div className={styles.empty}>
          <h2>Sign in to see your certifications</h2>
          <p>{`Your ${config.brand} certifications, with the date you earned each one and when it expires, appear here once you sign in.`}</p>
          <a className={styles.register} href={signInUrl ?? '#'}>
            Sign in
          </a>
        </div>
      ) : certifications.length === 0 ? (
        <div className={styles.empty}>
          <h2>Earn your first certification</h2>
          <p>{`Show clients and employers what you can do with ${config.brand}. Complete a learning plan and pass its assessment, and your badge appears here.`}</p>
          <Link className={styles.register} to={learningPath}>
            Explore learning
          </Link>
        </div>
      ) : (
        <ul className={styles.grid}>
          {certifications.map((certification) => {
            const expired = certificationState(certification.expiresOn, today) === 'expired';
            return (
              <li key={certification.id}>
                <article className={styles.certification}>
                  <CertificationBadge name={certification.name} badgeUrl={certification.badgeUrl} />
                  <div>
                    <h2>{certification.name}</h2>
                    <dl>
                      <dt>Earned</dt>
                      <dd>
                        <time dateTime={certification.earnedOn}>
                          {contentDateLabel(certification.earnedOn)}
                        </time>
                      </dd>
                      <dt>Expiry</dt>
                      <dd className={expired ? styles.expired : undefined}>
                        {expiryLabel(certification.expiresOn, today)}
                      </dd>
                    </dl>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
