import {
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { formatPoints } from '~core/partner';
import {
  CommunityForm,
  useFormResult,
  type CommunityActionData,
} from '~app/components/community/CommunityForm.tsx';
import { TextArea, TextField } from '~app/components/community/CommunityFormFields.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import { done, rejected } from '../../community/community.server.ts';
import { PartnerAdminNav } from './PartnerAdminNav.tsx';
import {
  addReward,
  answer,
  cancelRedemption,
  editReward,
  fulfilRedemption,
  programmeConfiguration,
  redemptionsToDecide,
  requireProgrammeAdmin,
  retireReward,
  runProgrammeAction,
} from './partner-admin.server.ts';
import styles from './partner-admin.module.css';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Partner programme: rewards and redemptions';
const REWARD_FIELDS = ['name', 'description', 'pointsCost', 'stock'] as const;
const STATUS_LABELS = { requested: 'Waiting', fulfilled: 'Fulfilled', cancelled: 'Cancelled' };

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireProgrammeAdmin(request, context);
  const [configuration, redemptions] = await Promise.all([
    programmeConfiguration(context.db),
    redemptionsToDecide(context.db),
  ]);
  return { rewards: configuration.rewards, ...redemptions };
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => HEADING, { noIndex: true });
}

export async function action(args: ActionFunctionArgs) {
  const fields = (form: { text(name: string): string }) => ({
    name: form.text('name'),
    description: form.text('description'),
    pointsCost: form.text('pointsCost'),
    stock: form.text('stock'),
  });
  const decided = (formId: string) =>
    rejected(formId, 'This request was decided already. Reload the page.', {}, 409);
  return runProgrammeAction(args, {
    add: async (form, _admin, context) =>
      answer(
        form,
        await addReward(context.db, fields(form), context.clock.now()),
        'Reward added to the catalogue.',
        REWARD_FIELDS,
      ),
    edit: async (form, _admin, context) =>
      answer(
        form,
        await editReward(context.db, form.text('rewardId'), fields(form)),
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

function Outcome({ formId }: { formId: string }) {
  const { done: answered } = useFormResult(formId);
  return answered ? (
    <p role="status" className={communityStyles.notice}>
      {answered.message}
    </p>
  ) : null;
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
    <div className={communityStyles.page}>
      <h1 className={communityStyles.title}>{HEADING}</h1>
      <PartnerAdminNav />
      <section className={communityStyles.section} aria-labelledby="waiting-heading">
        <h2 id="waiting-heading" className={communityStyles.sectionTitle}>
          Redemptions waiting ({waiting.length})
        </h2>
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
      </section>
      <section className={communityStyles.section} aria-labelledby="decided-heading">
        <h2 id="decided-heading" className={communityStyles.sectionTitle}>
          Latest decided
        </h2>
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
      </section>
      <section className={communityStyles.section} aria-labelledby="rewards-heading">
        <h2 id="rewards-heading" className={communityStyles.sectionTitle}>
          Rewards
        </h2>
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
              <Outcome formId={`reward-${reward.id}`} />
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
      </section>
      <section className={communityStyles.section} aria-labelledby="add-heading">
        <h2 id="add-heading" className={communityStyles.sectionTitle}>
          Add a reward
        </h2>
        <Outcome formId="add-reward" />
        <CommunityForm
          formId="add-reward"
          intent="add"
          submitLabel="Add reward"
          label="Add a reward"
        >
          <RewardFields />
        </CommunityForm>
      </section>
    </div>
  );
}
