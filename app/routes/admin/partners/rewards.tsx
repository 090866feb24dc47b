import { useActionData, useLoaderData, type ActionFunctionArgs } from 'react-router';
import { formatPoints } from '~core/partner';
import { type CommunityActionData } from '~app/components/community/CommunityForm.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { done, rejected } from '../../community/community.server.ts';
import * as programme from './partner-admin.server.ts';
import * as page from './AdminPage.tsx';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Partner programme: rewards and redemptions';
const REWARD_FIELDS = ['name', 'description', 'pointsCost', 'stock'] as const;
const STATUS_LABELS = { requested: 'Waiting', fulfilled: 'Fulfilled', cancelled: 'Cancelled' };

export const loader = programme.programmeAdminLoader(async (context) => {
  const [configuration, redemptions] = await Promise.all([
    programme.programmeConfiguration(context.db),
    programme.redemptionsToDecide(context.db),
  ]);
  return { rewards: configuration.rewards, ...redemptions };
});

export const meta = page.programmeAdminMeta(HEADING);

export async function action(args: ActionFunctionArgs) {
  const decided = (formId: string) =>
    rejected(formId, 'This request was decided already. Reload the page.', {}, 409);
  return programme.runProgrammeAction(args, {
    add: programme.adding(REWARD_FIELDS, 'Reward added to the catalogue.', programme.addReward),
    edit: programme.editing(REWARD_FIELDS, 'rewardId', 'Reward saved.', programme.editReward),
    retire: programme.retiring(
      'rewardId',
      'Reward retired: partners no longer see it.',
      programme.retireReward,
    ),
    fulfil: async (form, _admin, context) => {
      const outcome = await programme.fulfilRedemption(
        context.db,
        form.text('redemptionId'),
        context.clock.now(),
      );
      return outcome.ok ? done(form.formId, 'Marked as fulfilled.') : decided(form.formId);
    },
    cancel: async (form, _admin, context) => {
      const outcome = await programme.cancelRedemption(
        context.db,
        form.text('redemptionId'),
        context.clock.now(),
      );
      return outcome.ok
        ? done(form.formId, 'Cancelled; any points spent on it are back in the partner’s balance.')
        : decided(form.formId);
    },
  });
}

/** A decided request leaves the list as the page reloads, so its outcome shows above it. */
function DecidedOutcome() {
  const result = useActionData<CommunityActionData>();
  const answered = result && 'done' in result ? result.done : undefined;
  return answered?.formId.startsWith('redemption-') ? (
    <p role="status" className={communityStyles.notice}>
      {answered.message}
    </p>
  ) : null;
}

const REWARD_GRID: readonly page.FieldSpec[] = [
  { name: 'name', label: 'Name', maxLength: 120 },
  { name: 'pointsCost', label: 'Points', maxLength: 9 },
  { name: 'stock', label: 'Stock', hint: 'Empty: no limit.', maxLength: 6, optional: true },
];
const REWARD_TEXT: readonly page.FieldSpec[] = [
  { name: 'description', label: 'Description', maxLength: 500, rows: 3 },
];

function RewardFields({ reward }: { reward?: Reward }) {
  return (
    <>
      <page.AdminFields specs={REWARD_GRID} values={reward} grid />
      <page.AdminFields specs={REWARD_TEXT} values={reward} />
    </>
  );
}

type Reward = Awaited<ReturnType<typeof loader>>['rewards'][number];

type Redemption = Awaited<ReturnType<typeof loader>>['waiting'][number];

function Waiting({ redemption }: { redemption: Redemption }) {
  const forWhom = `${redemption.rewardName} for ${redemption.partner}`;
  const decide = { formId: `redemption-${redemption.id}`, hidden: { redemptionId: redemption.id } };
  const prize = redemption.challengeName !== null;
  return (
    <>
      <p className={communityStyles.meta}>
        {prize
          ? `Won in ${redemption.challengeName} ${redemption.createdAt.slice(0, 10)}`
          : `${formatPoints(redemption.points)} points · asked ${redemption.createdAt.slice(0, 10)}`}
        {redemption.email ? ` · ${redemption.email}` : ''}
      </p>
      {redemption.outOfStock ? (
        <p className={communityStyles.notice}>
          Out of stock when it was won: send it another way, then mark it fulfilled.
        </p>
      ) : null}
      <div className={communityStyles.actions}>
        <page.RecordButton
          {...decide}
          intent="fulfil"
          label="Mark fulfilled"
          buttonLabel={`Mark ${forWhom} as fulfilled`}
        />
        <page.RecordButton
          {...decide}
          intent="cancel"
          label={prize ? 'Cancel' : 'Cancel and return points'}
          buttonLabel={prize ? `Cancel ${forWhom}` : `Cancel ${forWhom} and return the points`}
          danger
        />
      </div>
    </>
  );
}

export default function PartnerRewardsAdminPage() {
  const { rewards, waiting, decided, pageToken: token } = useLoaderData<typeof loader>();
  return (
    <page.ProgrammeAdminPage heading={HEADING}>
      <page.AdminSection id="waiting" title={`Redemptions waiting (${waiting.length})`}>
        <DecidedOutcome />
        {waiting.length === 0 ? (
          <p className={communityStyles.empty}>No redemption is waiting.</p>
        ) : (
          <page.RecordList
            records={waiting}
            keyOf={(redemption) => redemption.id}
            heading={(redemption) => `${redemption.rewardName} for ${redemption.partner}`}
          >
            {(redemption) => <Waiting redemption={redemption} />}
          </page.RecordList>
        )}
      </page.AdminSection>
      <page.AdminSection id="decided" title="Latest decided">
        {decided.length === 0 ? (
          <p className={communityStyles.empty}>Nothing decided yet.</p>
        ) : (
          <ul>
            {decided.map((redemption) => (
              <li key={redemption.id}>
                {redemption.decidedAt.slice(0, 10)}: {redemption.rewardName} for{' '}
                {redemption.partner}, {STATUS_LABELS[redemption.status].toLowerCase()}
              </li>
            ))}
          </ul>
        )}
      </page.AdminSection>
      <page.AdminSection id="rewards" title="Rewards">
        <page.RecordList
          records={rewards}
          keyOf={(reward) => reward.id}
          heading={(reward) => page.listedName(reward, reward.name)}
        >
          {(reward) => (
            <>
              <p className={communityStyles.meta}>
                {formatPoints(reward.pointsCost)} points ·{' '}
                {reward.stock === null ? 'no stock limit' : `${reward.stock} in stock`}
              </p>
              <page.EditOrRetire
                record={{ formId: `reward-${reward.id}`, hidden: { rewardId: reward.id } }}
                name={reward.name}
                retired={reward.retired}
                saveLabel="Save reward"
              >
                <RewardFields reward={reward} />
              </page.EditOrRetire>
            </>
          )}
        </page.RecordList>
      </page.AdminSection>
      <page.AddSection noun="reward" token={token}>
        <RewardFields />
      </page.AddSection>
    </page.ProgrammeAdminPage>
  );
}
