import {
  useLoaderData,
  useMatches,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { formatPoints, rewardCostLabel, rewardStatusLabel } from '~core/partner';
import { pageHeading } from '~core/routes';
import { ChallengeCard, dayLabel } from '~app/components/partners/ChallengeCard.tsx';
import { NotPartner } from '~app/components/partners/NotPartner.tsx';
import { PartnerForm } from '~app/components/partners/PartnerForm.tsx';
import styles from '~app/components/partners/partners.module.css';
import communityStyles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import { pageKeyFromRouteId, useRouteContract, useSiteConfig } from '~app/site.ts';
import { rewardsAction, rewardsLoader } from './rewards.server.ts';

export async function loader(args: LoaderFunctionArgs) {
  return rewardsLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return rewardsAction(args);
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  const pageKey = pageKeyFromRouteId(matches.at(-1)?.id ?? '') ?? 'partnersChallengesAndRewards';
  return pageMeta(matches, (config) => pageHeading(pageKey, config), { noIndex: true });
}

/** Challenges and rewards; under /partners/challenges the challenges alone. */
export default function ChallengesAndRewardsPage() {
  const page = useLoaderData<typeof loader>();
  const config = useSiteConfig();
  const contract = useRouteContract();
  const matches = useMatches();
  const pageKey = pageKeyFromRouteId(matches.at(-1)?.id ?? '') ?? 'partnersChallengesAndRewards';
  const heading = config ? pageHeading(pageKey, config) : '';
  if (page.kind === 'not-partner') return <NotPartner heading={heading} />;
  const withRewards = pageKey === 'partnersChallengesAndRewards';
  return (
    <div className={communityStyles.page}>
      <header className={communityStyles.header}>
        <p className={communityStyles.eyebrow}>Partner programme</p>
        <h1 className={communityStyles.title}>{heading}</h1>
        <p className={communityStyles.intro}>
          {`You have ${formatPoints(page.balance)} points to spend.`}
        </p>
      </header>
      <section className={styles.section} aria-labelledby="challenges-heading">
        <h2 id="challenges-heading">Challenges</h2>
        {page.challenges.length === 0 ? (
          <p>No challenges are open just now.</p>
        ) : (
          <ul className={styles.cards}>
            {page.challenges.map((challenge) => (
              <li key={challenge.id}>
                <ChallengeCard
                  challenge={challenge}
                  href={contract?.path('partnersChallenge', { id: challenge.id }) ?? '#'}
                />
                {challenge.progress?.complete ? null : challenge.joined ? (
                  <PartnerForm
                    formId={`challenge-${challenge.id}`}
                    intent="leave"
                    fields={{ challengeId: challenge.id }}
                    label={`Leave ${challenge.name}`}
                    quiet
                  />
                ) : (
                  <PartnerForm
                    formId={`challenge-${challenge.id}`}
                    intent="join"
                    fields={{ challengeId: challenge.id }}
                    label={`Join ${challenge.name}`}
                  >
                    <label>
                      <input type="checkbox" name="leaderboard" defaultChecked /> Show my practice
                      on the leaderboard
                    </label>
                  </PartnerForm>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {withRewards ? (
        <>
          <section className={styles.section} aria-labelledby="rewards-heading">
            <h2 id="rewards-heading">Rewards</h2>
            <p>Spending points does not lower your tier: tiers count the points you earn.</p>
            <ul className={styles.cards}>
              {page.rewards.map((reward) => (
                <li key={reward.id} className={styles.card}>
                  <h3 className={styles.cardTitle}>{reward.name}</h3>
                  <p>{reward.description}</p>
                  <p className={styles.meta}>
                    {`${formatPoints(reward.pointsCost)} points`}
                    {reward.stock === null ? '' : ` · ${reward.stock} left`}
                  </p>
                  {reward.stock === 0 ? (
                    <p className={styles.meta}>Out of stock</p>
                  ) : (
                    <PartnerForm
                      formId={`redeem-${reward.id}`}
                      intent="redeem"
                      fields={{ rewardId: reward.id, requestKey: `${page.pageToken}:${reward.id}` }}
                      label={`Redeem ${reward.name}`}
                    />
                  )}
                </li>
              ))}
            </ul>
          </section>
          <section className={styles.section} aria-labelledby="redemptions-heading">
            <h2 id="redemptions-heading">Your rewards</h2>
            {page.redemptions.length === 0 ? (
              <p>You have not redeemed or won a reward yet.</p>
            ) : (
              <ul className={styles.people}>
                {page.redemptions.map((redemption) => (
                  <li key={redemption.id}>
                    <strong>{redemption.rewardName}</strong>
                    <span className={styles.meta}>
                      {`${rewardCostLabel(redemption)} · ${dayLabel(redemption.createdAt)} · ${rewardStatusLabel(redemption)}`}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
