import { useActionData, useLoaderData, type ActionFunctionArgs } from 'react-router';
import { formatPoints } from '~core/partner';
import {
  CommunityForm,
  type CommunityActionData,
} from '~app/components/community/CommunityForm.tsx';
import { TextArea, TextField } from '~app/components/community/CommunityFormFields.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { done, rejected } from '../../community/community.server.ts';
import {
  addReward,
  answer,
  cancelRedemption,
  editReward,
  formTexts,
  fulfilRedemption,
  programmeAdminLoader,
  programmeConfiguration,
  redemptionsToDecide,
  retireReward,
  runProgrammeAction,
} from './partner-admin.server.ts';
import {
  AdminSection,
  FormOutcome,
  ProgrammeAdminPage,
  programmeAdminMeta,
} from './ProgrammeAdminPage.tsx';
import styles from './partner-admin.module.css';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Partner programme: rewards and redemptions';
const REWARD_FIELDS = ['name', 'description', 'pointsCost', 'stock'] as const;
const STATUS_LABELS = { requested: 'Waiting', fulfilled: 'Fulfilled', cancelled: 'Cancelled' };

export const loader = programmeAdminLoader(async (context) => {
  const [configuration, redemptions] = await Promise.all([
    programmeConfiguration(context.db),
    redemptionsToDecide(context.db),
  ]);
  return { rewards: configuration.rewards, ...redemptions };
});

export const meta = programmeAdminMeta(HEADING);

export async function action(args: ActionFunctionArgs) {
  const decided = (formId: string) =>
    rejected(formId, 'This request was decided already. Reload the page.', {}, 409);
  return runProgrammeAction(args, {
    add: async (form, _admin, context) =>
      answer(
        form,
        await addReward(context.db, formTexts(form, REWARD_FIELDS), context.clock.now()),
        'Reward added to the catalogue.',
        REWARD_FIELDS,
      ),
    edit: async (form, _admin, context) =>
      answer(
        form,
        await editReward(context.db, form.text('rewardId'), formTexts(form, REWARD_FIELDS)),
        'Reward saved.',
        REWARD_FIELDS,
      ),
    retire: async (form, _admin, context) => {
      await retireReward(context.db, form.text('rewardId'), context.clock.now());
      return done(form.formId, 'Reward retired: partners no longer see it.');
    },
    fulfil: async (form, _admin, context) => {
      const outcome = await fulfilRedemption(
        context.db,
        form.text('redemptionId'),
        context.clock.now(),
      );
      return outcome.ok ? done(form.formId, 'Marked as fulfilled.') : decided(form.formId);
    },
    cancel: async (form, _admin, context) => {
      const outcome = await cancelRedemption(
        context.db,
        form.text('redemptionId'),
        context.clock.now(),
      );
      return outcome.ok
        ? done(form.formId, 'Cancelled; the points are back in the partner’s balance.')
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

function RewardFields({
  reward,
}: {
  reward?: { name: string; description: string; pointsCost: number; stock: number | null };
}) {
  return (
    <>
      <div className={styles.fields}>
        <TextField name="name" label="Name" defaultValue={reward?.name} required maxLength={120} />
        <TextField
          name="pointsCost"
          label="Points"
          defaultValue={reward ? String(reward.pointsCost) : undefined}
          required
          maxLength={9}
        />
        <TextField
          name="stock"
          label="Stock"
          hint="Empty: no limit."
          defaultValue={reward?.stock === null || !reward ? '' : String(reward.stock)}
          maxLength={6}
        />
      </div>
      <TextArea
        name="description"
        label="Description"
        defaultValue={reward?.description}
        required
        maxLength={500}
        rows={3}
      />
    </>
  );
}

export default function PartnerRewardsAdminPage() {
  const { rewards, waiting, decided } = useLoaderData<typeof loader>();
  return (
    <ProgrammeAdminPage heading={HEADING}>
      <AdminSection id="waiting" title={`Redemptions waiting (${waiting.length})`}>
        <DecidedOutcome />
        {waiting.length === 0 ? (
          <p className={communityStyles.empty}>No redemption is waiting.</p>
        ) : (
          <ul className={styles.rows}>
            {waiting.map((redemption) => (
              <li key={redemption.id} className={styles.row}>
                <h3 className={styles.rowTitle}>
                  {redemption.rewardName} for {redemption.partner}
                </h3>
                <p className={communityStyles.meta}>
                  {formatPoints(redemption.points)} points · asked{' '}
                  {redemption.createdAt.slice(0, 10)}
                  {redemption.email ? ` · ${redemption.email}` : ''}
                </p>
                <div className={communityStyles.actions}>
                  <CommunityForm
                    formId={`redemption-${redemption.id}`}
                    intent="fulfil"
                    hidden={{ redemptionId: redemption.id }}
                    submitLabel="Mark fulfilled"
                    buttonLabel={`Mark ${redemption.rewardName} for ${redemption.partner} as fulfilled`}
                    className={communityStyles.inlineForm}
                  />
                  <CommunityForm
                    formId={`redemption-${redemption.id}`}
                    intent="cancel"
                    hidden={{ redemptionId: redemption.id }}
                    submitLabel="Cancel and return points"
                    buttonLabel={`Cancel ${redemption.rewardName} for ${redemption.partner} and return the points`}
                    className={communityStyles.inlineForm}
                    buttonClassName={communityStyles.dangerButton}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </AdminSection>
      <AdminSection id="decided" title="Latest decided">
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
      </AdminSection>
      <AdminSection id="rewards" title="Rewards">
        <ul className={styles.rows}>
          {rewards.map((reward) => (
            <li key={reward.id} className={styles.row}>
              <h3 className={styles.rowTitle}>
                {reward.name}
                {reward.retired ? ' (retired)' : ''}
              </h3>
              <p className={communityStyles.meta}>
                {formatPoints(reward.pointsCost)} points ·{' '}
                {reward.stock === null ? 'no stock limit' : `${reward.stock} in stock`}
              </p>
              <FormOutcome formId={`reward-${reward.id}`} />
              {reward.retired ? null : (
                <>
                  <details>
                    <summary>Edit {reward.name}</summary>
                    <CommunityForm
                      formId={`reward-${reward.id}`}
                      intent="edit"
                      hidden={{ rewardId: reward.id }}
                      submitLabel="Save reward"
                      label={`Edit ${reward.name}`}
                    >
                      <RewardFields reward={reward} />
                    </CommunityForm>
                  </details>
                  <CommunityForm
                    formId={`reward-${reward.id}`}
                    intent="retire"
                    hidden={{ rewardId: reward.id }}
                    submitLabel="Retire"
                    buttonLabel={`Retire ${reward.name}`}
                    className={communityStyles.inlineForm}
                    buttonClassName={communityStyles.dangerButton}
                  />
                </>
              )}
            </li>
          ))}
        </ul>
      </AdminSection>
      <AdminSection id="add" title="Add a reward">
        <FormOutcome formId="add-reward" />
        <CommunityForm
          formId="add-reward"
          intent="add"
          submitLabel="Add reward"
          label="Add a reward"
        >
          <RewardFields />
        </CommunityForm>
      </AdminSection>
    </ProgrammeAdminPage>
  );
}
