import { useLoaderData, type ActionFunctionArgs } from 'react-router';
import { EVERY_TIER, formatPoints, parseMoveDirection, STEP_RULE_EVENTS } from '~core/partner';
import communityStyles from '~app/components/community/community.module.css';
import { notFound } from '../../kb/page-data.server.ts';
import { done } from '../../community/community.server.ts';
import * as programme from './partner-admin.server.ts';
import * as page from './AdminPage.tsx';
import styles from './partner-admin.module.css';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Partner programme: onboarding and suggested steps';
const RULE_FIELDS = ['description', 'points'] as const;
const NEW_RULE_FIELDS = [
  'name',
  'description',
  'completedBy',
  'fromTier',
  'mandatory',
  'dueDays',
  'points',
  'redirectUrl',
] as const;

export const loader = programme.programmeAdminLoader((context) =>
  programme.onboardingForAdmin(context.db),
);

export const meta = page.programmeAdminMeta(HEADING);

/** The step a form names by its position; a position that is no number is no step. */
function positionOf(form: { text(name: string): string }): number {
  const position = Number(form.text('position'));
  if (!Number.isInteger(position)) notFound();
  return position;
}

export async function action(args: ActionFunctionArgs) {
  return programme.runProgrammeAction(args, {
    rename: async (form, admin, context) =>
      programme.answer(
        form,
        await programme.renameOnboardingStep(
          context.db,
          positionOf(form),
          { name: form.text('name') },
          programme.changeAuthor(admin, context),
        ),
        'Step saved; the onboarding card shows the new label.',
        ['name'],
      ),
    move: async (form, admin, context) => {
      const direction = parseMoveDirection(form.text('direction'));
      if (direction === undefined) notFound();
      await programme.moveOnboardingStep(
        context.db,
        { position: positionOf(form), name: form.text('name') },
        direction,
        programme.changeAuthor(admin, context),
      );
      return done(form.formId, `Moved ${form.text('name')} ${direction}.`);
    },
    retire: async (form, admin, context) => {
      await programme.retireOnboardingStep(
        context.db,
        positionOf(form),
        programme.changeAuthor(admin, context),
      );
      return done(form.formId, 'Step retired: it is off the onboarding card from now.');
    },
    moveRule: async (form, admin, context) => {
      const direction = parseMoveDirection(form.text('direction'));
      if (direction === undefined) notFound();
      const name = form.text('ruleName');
      await programme.moveStepRule(
        context.db,
        { strategyName: form.text('strategyName'), name, position: positionOf(form) },
        direction,
        programme.changeAuthor(admin, context),
      );
      return done(form.formId, `Moved ${name} ${direction}.`);
    },
    addRule: programme.adding(
      NEW_RULE_FIELDS,
      'Suggested step added: each partner it is for is offered it at their next programme event.',
      programme.addStepRule,
    ),
    rule: async (form, admin, context) =>
      programme.answer(
        form,
        await programme.editStepRule(
          context.db,
          { strategyName: form.text('strategyName'), name: form.text('ruleName') },
          programme.formTexts(form, RULE_FIELDS),
          programme.changeAuthor(admin, context),
        ),
        'Rule saved; steps offered from now on use it.',
        RULE_FIELDS,
      ),
  });
}

const STEP_LABEL: readonly page.FieldSpec[] = [{ name: 'name', label: 'Label', maxLength: 80 }];
const STEP_RULE: readonly page.FieldSpec[] = [
  { name: 'description', label: 'Description', maxLength: 200, rows: 2 },
  { name: 'points', label: 'Points', maxLength: 7 },
];

const NEW_RULE_GRID: readonly page.FieldSpec[] = [
  { name: 'name', label: 'Title', maxLength: 80 },
  {
    name: 'description',
    label: 'Link text',
    hint: 'What the step’s link says, like ‘Book a webinar’.',
    maxLength: 200,
  },
  { name: 'completedBy', label: 'Done when', maxLength: 40, options: STEP_RULE_EVENTS },
  {
    name: 'fromTier',
    label: 'Offered from',
    maxLength: 20,
    options: [{ value: EVERY_TIER, label: 'Every partner' }, ...page.TIER_OPTIONS],
  },
  {
    name: 'mandatory',
    label: 'Mandatory',
    maxLength: 10,
    options: [
      { value: 'mandatory', label: 'Mandatory: partners cannot dismiss it' },
      { value: 'optional', label: 'Optional: partners may dismiss it' },
    ],
  },
  {
    name: 'dueDays',
    label: 'Due in days',
    hint: 'Counted from when it is offered, and shown on mandatory steps. Empty: no due date.',
    maxLength: 3,
    optional: true,
  },
  { name: 'points', label: 'Points', maxLength: 7 },
];
const NEW_RULE_LINK: readonly page.FieldSpec[] = [
  {
    name: 'redirectUrl',
    label: 'Link',
    hint: 'A page of the portal, like /0/partners/resources, or an address starting https://.',
    maxLength: 500,
  },
];

/** Move up and Move down for a row, each shown only where the row can move that way. */
function MoveButtons({
  formId,
  intent,
  hidden,
  name,
  up,
  down,
}: {
  formId: string;
  intent: string;
  hidden: Record<string, string>;
  name: string;
  up: boolean;
  down: boolean;
}) {
  const moves = [
    { direction: 'up', label: 'Move up', shown: up },
    { direction: 'down', label: 'Move down', shown: down },
  ] as const;
  return moves.map((move) =>
    move.shown ? (
      <page.RecordButton
        key={move.direction}
        formId={formId}
        intent={intent}
        hidden={{ ...hidden, direction: move.direction }}
        label={move.label}
        buttonLabel={`${move.label}: ${name}`}
      />
    ) : null,
  );
}

type Step = Awaited<ReturnType<typeof loader>>['steps'][number];

function StepRow({ step, index, count }: { step: Step; index: number; count: number }) {
  const formId = `step-${step.position}`;
  const hidden = { position: String(step.position) };
  return (
    <li className={styles.row}>
      <h3 className={styles.rowTitle}>
        {index + 1}. {step.name}
      </h3>
      <p className={communityStyles.meta}>Done when: {step.completedBy}</p>
      <page.RecordForm
        formId={formId}
        intent="rename"
        hidden={{ position: String(step.position) }}
        submitLabel="Save label"
        buttonLabel={`Save the label of ${step.name}`}
        label={`Label of ${step.name}`}
      >
        <page.AdminFields specs={STEP_LABEL} values={step} />
      </page.RecordForm>
      <div className={communityStyles.actions}>
        <MoveButtons
          formId="move-step"
          intent="move"
          hidden={{ ...hidden, name: step.name }}
          name={step.name}
          up={index > 0}
          down={index < count - 1}
        />
        <page.RecordButton
          formId={formId}
          intent="retire"
          hidden={hidden}
          label="Retire"
          buttonLabel={`Retire ${step.name}`}
          danger
        />
      </div>
    </li>
  );
}

type Rule = Awaited<ReturnType<typeof loader>>['stepRules'][number];

function RuleRow({
  rule,
  formId,
  first,
  last,
}: {
  rule: Rule;
  formId: string;
  first: boolean;
  last: boolean;
}) {
  const named = { strategyName: rule.strategyName, ruleName: rule.name };
  return (
    <li className={styles.row}>
      <h3 className={styles.rowTitle}>{rule.name}</h3>
      <p className={communityStyles.meta}>
        {rule.mandatory ? 'Mandatory' : 'Optional'} · {formatPoints(rule.points)} points · done
        when: {rule.completedBy}
        {rule.fromTier ? ` · offered from ${rule.fromTier}` : ''}
        {rule.dueDays === null ? '' : ` · due ${rule.dueDays} days after it is offered`} · links to{' '}
        {rule.redirectUrl}
      </p>
      <page.RecordForm
        formId={formId}
        intent="rule"
        hidden={named}
        submitLabel="Save rule"
        buttonLabel={`Save the rule for ${rule.name}`}
        label={`Rule for ${rule.name}`}
      >
        <page.AdminFields specs={STEP_RULE} values={rule} />
      </page.RecordForm>
      <div className={communityStyles.actions}>
        <MoveButtons
          formId="move-rule"
          intent="moveRule"
          hidden={{ ...named, position: String(rule.position) }}
          name={rule.name}
          up={!first}
          down={!last}
        />
      </div>
    </li>
  );
}

export default function PartnerOnboardingAdminPage() {
  const { steps, stepRules, pageToken: token } = useLoaderData<typeof loader>();
  const inForce = steps.filter((step) => !step.retired);
  const retired = steps.filter((step) => step.retired);
  return (
    <page.ProgrammeAdminPage heading={HEADING}>
      <page.AdminSection id="steps" title="Onboarding steps">
        <p>
          The onboarding card on the home page shows the first step a partner has not done, as
          &lsquo;Step {'{n}'} of {'{total}'}&rsquo;. A step is done when its event has happened, so
          relabelling, moving or retiring a step never loses what a partner did.
        </p>
        <page.FormOutcome formId="move-step" />
        <ol className={styles.rows}>
          {inForce.map((step, index) => (
            <StepRow key={step.position} step={step} index={index} count={inForce.length} />
          ))}
        </ol>
        {retired.length > 0 ? (
          <>
            <h3 className={communityStyles.sectionTitle}>Retired</h3>
            <ul>
              {retired.map((step) => (
                <li key={step.position}>
                  {step.name} (done when: {step.completedBy})
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </page.AdminSection>
      <page.AdminSection id="rules" title="Suggested steps">
        <p>
          The rules that offer partners their suggested steps, in order. A change to a rule&rsquo;s
          text or points applies to the steps offered from now on; steps already offered keep what
          they said. Moving a rule reorders every partner&rsquo;s checklist at once. The groups to
          do, completed and dismissed follow from each partner&rsquo;s own steps.
        </p>
        <page.FormOutcome formId="move-rule" />
        <ol className={styles.rows}>
          {stepRules.map((rule, index) => (
            <RuleRow
              key={`${rule.strategyName}:${rule.name}`}
              rule={rule}
              formId={`rule-${index}`}
              first={stepRules[index - 1]?.strategyName !== rule.strategyName}
              last={stepRules[index + 1]?.strategyName !== rule.strategyName}
            />
          ))}
        </ol>
      </page.AdminSection>
      <page.AdminSection
        id="add-rule"
        title="Add a suggested step"
        intro="The new step comes last in the checklist’s order. Each partner it is for is offered it at their next programme event (anything they do that the programme counts); one who has already done what completes it finds it completed then, with its points."
      >
        <page.KeyedForm
          formId="add-rule"
          intent="addRule"
          token={token}
          submitLabel="Add suggested step"
          pendingLabel="Adding…"
          label="Add a suggested step"
        >
          <page.AdminFields specs={NEW_RULE_GRID} grid />
          <page.AdminFields specs={NEW_RULE_LINK} />
        </page.KeyedForm>
      </page.AdminSection>
    </page.ProgrammeAdminPage>
  );
}
