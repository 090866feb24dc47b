import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { pageHeading } from '~core/routes';
import { ChallengeCard, dayLabel } from '~app/components/partners/ChallengeCard.tsx';
import { NotPartner } from '~app/components/partners/NotPartner.tsx';
import { PartnerForm } from '~app/components/partners/PartnerForm.tsx';
import styles from '~app/components/partners/partners.module.css';
import communityStyles from '~app/components/community/community.module.css';
import { headedPageMeta } from '~app/meta.ts';
import { useSiteConfig } from '~app/site.ts';
import { challengeLoader, rewardsAction } from './rewards.server.ts';

export async function loader(args: LoaderFunctionArgs) {
  return challengeLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return rewardsAction(args);
}

export const meta = headedPageMeta('partnersChallenge', { noIndex: true });

/** One challenge: its terms, the partner's progress, join or leave, and the leaderboard. */
export default function ChallengePage() {
  const page = useLoaderData<typeof loader>();
  const config = useSiteConfig();
  const heading = config ? pageHeading('partnersChallenge', config) : '';
  if (page.kind === 'not-partner') return <NotPartner heading={heading} />;
  const { challenge, leaderboard } = page;
  return (
    <div className={communityStyles.page}>
      <header className={communityStyles.header}>
        <p className={communityStyles.eyebrow}>{heading}</p>
        <h1 className={communityStyles.title}>{challenge.name}</h1>
      </header>
      <ChallengeCard challenge={challenge} />
      {challenge.progress?.complete || !challenge.running ? null : (
        <PartnerForm
          formId={`challenge-${challenge.id}`}
          intent={challenge.joined ? 'leave' : 'join'}
          fields={{ challengeId: challenge.id }}
          label={challenge.joined ? `Leave ${challenge.name}` : `Join ${challenge.name}`}
          quiet={challenge.joined}
        >
          {challenge.joined ? null : (
            <label>
              <input type="checkbox" name="leaderboard" defaultChecked /> Show my practice on the
              leaderboard
            </label>
          )}
        </PartnerForm>
      )}
      <section className={styles.section} aria-labelledby="leaderboard-heading">
        <h2 id="leaderboard-heading">Leaderboard</h2>
        {leaderboard.length === 0 ? (
          <p>No one is on the leaderboard yet.</p>
        ) : (
          <ol className={styles.people}>
            {leaderboard.map((line, index) => (
              <li key={`${line.name}-${index}`}>
                <strong>{line.name}</strong>
                <span className={styles.meta}>
                  {line.completedAt ? `Completed ${dayLabel(line.completedAt)}` : 'Taking part'}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
