import {
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { formatPoints, parsePartnerTier } from '~core/partner';
import { CommunityForm, useFormResult } from '~app/components/community/CommunityForm.tsx';
import { TextField } from '~app/components/community/CommunityFormFields.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import { notFound } from '../../kb/page-data.server.ts';
import { PartnerAdminNav } from './PartnerAdminNav.tsx';
import {
  answer,
  changeEarningRule,
  changeTierThreshold,
  programmeConfiguration,
  requireProgrammeAdmin,
  runProgrammeAction,
} from './partner-admin.server.ts';
import styles from './partner-admin.module.css';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Partner programme: tiers and earning rules';

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireProgrammeAdmin(request, context);
  return programmeConfiguration(context.db);
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => HEADING, { noIndex: true });
}

export async function action(args: ActionFunctionArgs) {
  return runProgrammeAction(args, {
    threshold: async (form, _admin, context) => {
      const tier = parsePartnerTier(form.text('tier'));
      if (tier === undefined || tier === 'none') notFound();
      const change = await changeTierThreshold(context.db, {
        tier,
        threshold: form.text('threshold'),
        at: context.clock.now(),
      });
      return answer(form, change, 'Threshold saved; partners are in their new tiers.', [
        'threshold',
      ]);
    },
    rule: async (form, _admin, context) => {
      const change = await changeEarningRule(context.db, {
        eventKind: form.text('eventKind'),
        points: form.text('points'),
        validDays: form.text('validDays'),
      });
      return answer(form, change, 'Earning rule saved; it counts from the next event.', [
        'points',
        'validDays',
      ]);
    },
  });
}

function Saved({ formId }: { formId: string }) {
  const { done } = useFormResult(formId);
  return done ? (
    <p role="status" className={communityStyles.notice}>
      {done.message}
    </p>
  ) : null;
}

export default function PartnerProgrammeAdminPage() {
  const { tiers, earningRules } = useLoaderData<typeof loader>();
  return (
    <div className={communityStyles.page}>
      <h1 className={communityStyles.title}>{HEADING}</h1>
      <PartnerAdminNav />
      <section className={communityStyles.section} aria-labelledby="tiers-heading">
        <h2 id="tiers-heading" className={communityStyles.sectionTitle}>
          Tier thresholds
        </h2>
        <p>
          A partner is in the highest tier whose threshold their tier points reach. Thresholds rise
          from tier to tier; saving one moves every partner it concerns at once.
        </p>
        <ul className={styles.rows}>
          {tiers.map((tier) => (
            <li key={tier.tier} className={styles.row}>
              <h3 className={styles.rowTitle}>
                {tier.label}: from {formatPoints(tier.threshold)} points
              </h3>
              <Saved formId={`tier-${tier.tier}`} />
              <CommunityForm
                formId={`tier-${tier.tier}`}
                intent="threshold"
                hidden={{ tier: tier.tier }}
                submitLabel="Save threshold"
                buttonLabel={`Save the ${tier.label} threshold`}
                label={`${tier.label} threshold`}
              >
                <TextField
                  name="threshold"
                  label={`${tier.label} threshold in points`}
                  defaultValue={String(tier.threshold)}
                  required
                  maxLength={9}
                />
              </CommunityForm>
            </li>
          ))}
        </ul>
      </section>
      <section className={communityStyles.section} aria-labelledby="rules-heading">
        <h2 id="rules-heading" className={communityStyles.sectionTitle}>
          Earning rules
        </h2>
        <p>
          The points each event earns, and how many days they stay valid (empty: for good). Points
          already earned keep the rule they were earned under.
        </p>
        <ul className={styles.rows}>
          {earningRules.map((rule) => (
            <li key={rule.eventKind} className={styles.row}>
              <h3 className={styles.rowTitle}>{rule.label}</h3>
              <Saved formId={`rule-${rule.eventKind}`} />
              <CommunityForm
                formId={`rule-${rule.eventKind}`}
                intent="rule"
                hidden={{ eventKind: rule.eventKind }}
                submitLabel="Save rule"
                buttonLabel={`Save the rule for ${rule.label}`}
                label={`Rule for ${rule.label}`}
              >
                <div className={styles.fields}>
                  <TextField
                    name="points"
                    label="Points"
                    defaultValue={String(rule.points)}
                    required
                    maxLength={7}
                  />
                  <TextField
                    name="validDays"
                    label="Days valid"
                    hint="Empty: the points never lapse."
                    defaultValue={rule.validDays === null ? '' : String(rule.validDays)}
                    maxLength={4}
                  />
                </div>
              </CommunityForm>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
