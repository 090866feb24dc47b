import { useLoaderData, type ActionFunctionArgs } from 'react-router';
import { formatPoints, parsePartnerTier } from '~core/partner';
import { notFound } from '../../kb/page-data.server.ts';
import * as programme from './partner-admin.server.ts';
import * as page from './AdminPage.tsx';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Partner programme: tiers and earning rules';

export const loader = programme.programmeAdminLoader((context) =>
  programme.programmeConfiguration(context.db),
);

export const meta = page.programmeAdminMeta(HEADING);

export async function action(args: ActionFunctionArgs) {
  return programme.runProgrammeAction(args, {
    threshold: async (form, admin, context) => {
      const tier = parsePartnerTier(form.text('tier'));
      if (tier === undefined || tier === 'none') notFound();
      const change = await programme.changeTierThreshold(
        context.db,
        { tier, threshold: form.text('threshold') },
        programme.changeAuthor(admin, context),
      );
      return programme.answer(form, change, 'Threshold saved; partners are in their new tiers.', [
        'threshold',
      ]);
    },
    rule: async (form, admin, context) => {
      const change = await programme.changeEarningRule(
        context.db,
        {
          eventKind: form.text('eventKind'),
          points: form.text('points'),
          validDays: form.text('validDays'),
        },
        programme.changeAuthor(admin, context),
      );
      return programme.answer(form, change, 'Earning rule saved; it counts from the next event.', [
        'points',
        'validDays',
      ]);
    },
  });
}

const EARNING_RULE: readonly page.FieldSpec[] = [
  { name: 'points', label: 'Points', maxLength: 7 },
  {
    name: 'validDays',
    label: 'Days valid',
    hint: 'Empty: the points never lapse.',
    maxLength: 4,
    optional: true,
  },
];

const TIERS_INTRO =
  'A partner is in the highest tier whose threshold their tier points reach. Thresholds rise from tier to tier; saving one moves every partner it concerns at once.';
const RULES_INTRO =
  'The points each event earns, and how many days they stay valid (empty: for good). Points already earned keep the rule they were earned under.';

export default function PartnerProgrammeAdminPage() {
  const { tiers, earningRules } = useLoaderData<typeof loader>();
  return (
    <page.ProgrammeAdminPage heading={HEADING}>
      <page.AdminSection id="tiers" title="Tier thresholds" intro={TIERS_INTRO}>
        <page.RecordList
          records={tiers}
          keyOf={(tier) => tier.tier}
          heading={(tier) => `${tier.label}: from ${formatPoints(tier.threshold)} points`}
        >
          {(tier) => (
            <page.RecordForm
              formId={`tier-${tier.tier}`}
              intent="threshold"
              hidden={{ tier: tier.tier }}
              submitLabel="Save threshold"
              buttonLabel={`Save the ${tier.label} threshold`}
              label={`${tier.label} threshold`}
            >
              <page.AdminFields
                specs={[
                  { name: 'threshold', label: `${tier.label} threshold in points`, maxLength: 9 },
                ]}
                values={tier}
              />
            </page.RecordForm>
          )}
        </page.RecordList>
      </page.AdminSection>
      <page.AdminSection id="rules" title="Earning rules" intro={RULES_INTRO}>
        <page.RecordList
          records={earningRules}
          keyOf={(rule) => rule.eventKind}
          heading={(rule) => rule.label}
        >
          {(rule) => (
            <page.RecordForm
              formId={`rule-${rule.eventKind}`}
              intent="rule"
              hidden={{ eventKind: rule.eventKind }}
              submitLabel="Save rule"
              buttonLabel={`Save the rule for ${rule.label}`}
              label={`Rule for ${rule.label}`}
            >
              <page.AdminFields specs={EARNING_RULE} values={rule} grid />
            </page.RecordForm>
          )}
        </page.RecordList>
      </page.AdminSection>
    </page.ProgrammeAdminPage>
  );
}
