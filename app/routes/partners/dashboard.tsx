import {
  Link,
  useFetcher,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { formatPoints, pointsWidgetState, type PartnerTierData } from '~core/partner';
import { pageHeading } from '~core/routes';
import { OnboardingCta } from '~app/blocks/OnboardingCta.tsx';
import { PointsSummary } from '~app/blocks/PointsSummary.tsx';
import { ChallengeCard } from '~app/components/partners/ChallengeCard.tsx';
import { ProgrammeTiers } from '~app/components/partners/ProgrammeTiers.tsx';
import styles from '~app/components/partners/partners.module.css';
import communityStyles from '~app/components/community/community.module.css';
import { CSRF_FIELD, useCsrfToken } from '~app/csrf.ts';
import { headedPageMeta } from '~app/meta.ts';
import { useRouteContract, useSiteConfig } from '~app/site.ts';
import { dashboardAction, dashboardLoader } from './dashboard.server.ts';

export async function loader(args: LoaderFunctionArgs) {
  return dashboardLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return dashboardAction(args);
}

export const meta = headedPageMeta('partners');

/** The tier, with the celebration of a new tier ended by a form post that works without script. */
function TierSummary({ tierData }: { tierData: PartnerTierData }) {
  const fetcher = useFetcher();
  const csrfToken = useCsrfToken();
  const acknowledging = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post">
      <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
      <input type="hidden" name="intent" value="acknowledge-tier" />
      <input type="hidden" name="formId" value="tier" />
      <PointsSummary
        view={pointsWidgetState(tierData)}
        tierData={acknowledging || fetcher.data ? null : tierData}
        onAcknowledge={() => {
          void fetcher.submit(
            { _csrf: csrfToken, intent: 'acknowledge-tier', formId: 'tier' },
            { method: 'post' },
          );
        }}
        acknowledging={acknowledging}
      />
    </fetcher.Form>
  );
}

export default function PartnersPage() {
  const page = useLoaderData<typeof loader>();
  const contract = useRouteContract();
  const path = (key: string) => contract?.path(key) ?? '#';
  const config = useSiteConfig();
  const heading = config ? pageHeading('partners', config) : '';
  if (page.kind === 'visitor') {
    return (
      <div className={communityStyles.page}>
        <header className={communityStyles.header}>
          <h1 className={communityStyles.title}>{heading}</h1>
          <p className={communityStyles.intro}>
            Grow your practice with the partner programme. Accountants and bookkeepers who work with
            our software earn points as they certify, add clients and take on challenges. Points
            move your practice up the tiers and buy rewards.
          </p>
        </header>
        <section className={styles.section} aria-labelledby="benefits">
          <h2 id="benefits">What partners get</h2>
          <ul className={styles.benefits}>
            <li>Partner pricing on your clients’ subscriptions</li>
            <li>Free certification courses and a recognition badge for your website</li>
            <li>A partner success manager and a support queue of your own</li>
            <li>Challenges, rewards and a listing in the advisor directory</li>
          </ul>
        </section>
        <section className={styles.section} aria-labelledby="tiers">
          <h2 id="tiers">Tiers</h2>
          <ProgrammeTiers tiers={page.tiers} />
        </section>
        <section className={styles.section} aria-labelledby="join">
          <h2 id="join">How to join</h2>
          <p>Create a practice account, then certify and add your first client to start earning.</p>
          <div className={communityStyles.actions}>
            <Link className={communityStyles.button} to={path('createPracticeAccount')}>
              Create a practice account
            </Link>
            {page.signedIn ? null : (
              <a className={communityStyles.quietButton} href={page.signInUrl}>
                Sign in as a partner
              </a>
            )}
          </div>
        </section>
      </div>
    );
  }
  return (
    <div className={communityStyles.page}>
      <header className={communityStyles.header}>
        <p className={communityStyles.eyebrow}>Partner programme</p>
        <h1 className={communityStyles.title}>Partner dashboard</h1>
      </header>
      <div className={styles.dashboard}>
        <section className={styles.panel} aria-labelledby="tier-heading">
          <h2 id="tier-heading">Your tier and points</h2>
          <TierSummary tierData={page.tierData} />
        </section>
        <section className={styles.panel} aria-labelledby="steps-heading">
          <h2 id="steps-heading">Suggested next steps</h2>
          {page.steps.length === 0 ? (
            <p>You have done every suggested step. New ones appear as your practice grows.</p>
          ) : (
            <ul className={styles.stepList}>
              {page.steps.map((step) => (
                <li key={step.id}>
                  <a
                    href={step.href}
                    {...(step.openInNewWindow ? { target: '_blank', rel: 'noreferrer' } : {})}
                  >
                    {step.title}
                  </a>
                  <span className={styles.meta}>
                    {step.due}
                    {step.points === null ? '' : ` · ${formatPoints(step.points)} points`}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Link to={path('partnersSuggestions')}>
            {page.stepsLeft > 3 ? `See all ${page.stepsLeft} steps` : 'See all your steps'}
          </Link>
        </section>
      </div>
      <OnboardingCta cta={page.onboarding} layout="Full width" />
      <section className={styles.section} aria-labelledby="challenges-heading">
        <h2 id="challenges-heading">Challenges running now</h2>
        {page.challenges.length === 0 ? (
          <p>No challenges are running just now.</p>
        ) : (
          <ul className={styles.cards}>
            {page.challenges.map((challenge) => (
              <li key={challenge.id}>
                <ChallengeCard challenge={challenge} href={challenge.href} />
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to={path('partnersChallengesAndRewards')}>Challenges and rewards</Link>
          {' · '}
          <Link to={`${path('partnersAccount')}#partner-program-points`}>Your points ledger</Link>
        </p>
      </section>
      <section className={styles.section} aria-labelledby="service-jobs-heading">
        <h2 id="service-jobs-heading">Managed-service jobs</h2>
        {page.hasPractice ? null : (
          <p>
            Jobs are taken by a practice.{' '}
            <Link to={path('createPracticeAccount')}>Create a practice account</Link> to accept one.
          </p>
        )}
        {page.serviceJobs.length === 0 ? (
          <p>No jobs are on offer just now.</p>
        ) : (
          <ul className={styles.stepList}>
            {page.serviceJobs.map((job) => (
              <li key={job.id}>
                <Link to={job.href}>{job.title}</Link>
                <span className={styles.meta}>
                  {job.kindLabel} for {job.clientName} · {job.ours ? job.statusLabel : 'On offer'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.section} aria-labelledby="resources-heading">
        <h2 id="resources-heading">New resources</h2>
        {page.newResources.length === 0 ? (
          <p>No new resources for your tier just now.</p>
        ) : (
          <ul className={styles.stepList}>
            {page.newResources.map((resource) => (
              <li key={resource.id}>
                <a href={resource.href}>{resource.title}</a>
                <span className={styles.meta}>{resource.summary}</span>
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to={path('partnersResources')}>All partner resources</Link>
          {' · '}
          <Link to={path('recognitionBadge')}>Your recognition badge</Link>
        </p>
      </section>
    </div>
  );
}
