import { useLoaderData, type ActionFunctionArgs } from 'react-router';
import { formatPoints, parsePartnerTier } from '~core/partner';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import { TextField } from '~app/components/community/CommunityFormFields.tsx';
import { notFound } from '../../kb/page-data.server.ts';
import {
  answer,
  changeEarningRule,
  changeTierThreshold,
  programmeAdminLoader,
  programmeConfiguration,
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

const HEADING = 'Partner programme: tiers and earning rules';

export const loader = programmeAdminLoader((context) => programmeConfiguration(context.db));

export const meta = programmeAdminMeta(HEADING);

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

export default function PartnerProgrammeAdminPage() {
  const { tiers, earningRules } = useLoaderData<typeof loader>();
  return (
    <ProgrammeAdminPage heading={HEADING}>
      <AdminSection id="tiers" title="Tier thresholds">
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
              <FormOutcome formId={`tier-${tier.tier}`} />
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
      </AdminSection>
      <AdminSection id="rules" title="Earning rules">
        <p>
          The points each event earns, and how many days they stay valid (empty: for good). Points
          already earned keep the rule they were earned under.
        </p>
        <ul className={styles.rows}>
          {earningRules.map((rule) => (
            <li key={rule.eventKind} className={styles.row}>
              <h3 className={styles.rowTitle}>{rule.label}</h3>
              <FormOutcome formId={`rule-${rule.eventKind}`} />
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
      </AdminSection>
    </ProgrammeAdminPage>
  );
}
