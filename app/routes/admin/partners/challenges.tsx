import { useLoaderData, type ActionFunctionArgs } from 'react-router';
import { CHALLENGE_CRITERIA, formatPoints, type ChallengePhase } from '~core/partner';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import {
  SelectField,
  TextArea,
  TextField,
} from '~app/components/community/CommunityFormFields.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { LocalTime, useVisitorTimeZone } from '~app/components/contact/LocalTime.tsx';
import { dayLabel } from '~app/components/partners/ChallengeCard.tsx';
import { pageToken } from '../../community/community.server.ts';
import {
  addChallenge,
  answer,
  challengesForAdmin,
  editChallenge,
  endChallengeEarly,
  formTexts,
  programmeAdminLoader,
  runProgrammeAction,
  withRequestKey,
} from './partner-admin.server.ts';
import {
  AdminSection,
  FormOutcome,
  ProgrammeAdminPage,
  programmeAdminMeta,
} from './ProgrammeAdminPage.tsx';
import styles from './partner-admin.module.css';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Partner programme: challenges';
const FIELDS = [
  'name',
  'description',
  'goalKind',
  'goalCount',
  'points',
  'startsOn',
  'endsOn',
] as const;
const PHASES: ReadonlyArray<{ phase: ChallengePhase; title: string; empty: string }> = [
  { phase: 'running', title: 'Running', empty: 'No challenge is running.' },
  { phase: 'upcoming', title: 'Upcoming', empty: 'No challenge is coming up.' },
  { phase: 'ended', title: 'Ended', empty: 'No challenge has ended yet.' },
];

export const loader = programmeAdminLoader(async (context) => ({
  pageToken: pageToken(),
  challenges: await challengesForAdmin(context.db, context.clock.now()),
}));

export const meta = programmeAdminMeta(HEADING);

export async function action(args: ActionFunctionArgs) {
  return runProgrammeAction(args, {
    add: (form, _admin, context) =>
      withRequestKey(form, async (requestKey) =>
        answer(
          form,
          await addChallenge(context.db, {
            ...formTexts(form, FIELDS),
            requestKey,
            at: context.clock.now(),
          }),
          'Challenge added; partners see it from its first day.',
          FIELDS,
        ),
      ),
    edit: async (form, _admin, context) =>
      answer(
        form,
        await editChallenge(context.db, form.text('challengeId'), {
          ...formTexts(form, FIELDS),
          at: context.clock.now(),
        }),
        'Challenge saved.',
        FIELDS,
      ),
    end: async (form, _admin, context) =>
      answer(
        form,
        await endChallengeEarly(context.db, form.text('challengeId'), context.clock.now()),
        'Challenge ended: from today nothing counts towards it and partners no longer see it.',
        [],
      ),
  });
}

type Challenge = Awaited<ReturnType<typeof loader>>['challenges'][number];

/** The day after, at midnight UTC: when a challenge's last day is over. */
const endOfDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/** A challenge's days as the engine counts them (UTC) and in the admin's own time zone. */
function ChallengeDays({ challenge }: { challenge: Challenge }) {
  const zone = useVisitorTimeZone('UTC');
  return (
    <p className={communityStyles.meta}>
      {dayLabel(challenge.startsOn)} to {dayLabel(challenge.endsOn)} (UTC days)
      {zone === 'UTC' ? null : (
        <>
          {' '}
          · in your time zone ({zone}) from{' '}
          <LocalTime at={`${challenge.startsOn}T00:00:00.000Z`} zone={zone} /> until{' '}
          <LocalTime at={endOfDay(challenge.endsOn)} zone={zone} />
        </>
      )}
    </p>
  );
}

function ChallengeFields({ challenge }: { challenge?: Challenge }) {
  const locked = challenge !== undefined && challenge.phase === 'running' && challenge.joined > 0;
  const lockedHint = locked
    ? 'Partners have joined this running challenge, so this stays as they joined it.'
    : undefined;
  return (
    <>
      <div className={styles.fields}>
        <TextField
          name="name"
          label="Name"
          defaultValue={challenge?.name}
          required
          maxLength={120}
        />
        <SelectField
          name="goalKind"
          label="What it counts"
          hint={lockedHint}
          options={CHALLENGE_CRITERIA}
          defaultValue={challenge?.goalKind ?? CHALLENGE_CRITERIA[0]?.value}
          required
        />
        <TextField
          name="goalCount"
          label="Target"
          hint={lockedHint ?? 'How many of them complete it.'}
          defaultValue={challenge ? String(challenge.goalCount) : undefined}
          required
          maxLength={4}
        />
        <TextField
          name="points"
          label="Points on completion"
          defaultValue={challenge ? String(challenge.points) : undefined}
          required
          maxLength={7}
        />
        <TextField
          name="startsOn"
          label="First day"
          hint="YYYY-MM-DD; the day starts at midnight UTC."
          defaultValue={challenge?.startsOn}
          required
          maxLength={10}
        />
        <TextField
          name="endsOn"
          label="Last day"
          hint="YYYY-MM-DD; the day ends at midnight UTC."
          defaultValue={challenge?.endsOn}
          required
          maxLength={10}
        />
      </div>
      <TextArea
        name="description"
        label="Description"
        defaultValue={challenge?.description}
        required
        maxLength={500}
        rows={3}
      />
    </>
  );
}

function ChallengeRow({ challenge }: { challenge: Challenge }) {
  const formId = `challenge-${challenge.id}`;
  return (
    <li className={styles.row}>
      <h4 className={styles.rowTitle}>{challenge.name}</h4>
      <p className={communityStyles.meta}>
        {challenge.criterion} × {challenge.goalCount} · {formatPoints(challenge.points)} points ·{' '}
        {challenge.joined} joined · {challenge.completed} completed
      </p>
      <ChallengeDays challenge={challenge} />
      <FormOutcome formId={formId} />
      <FormOutcome formId={`end-${challenge.id}`} />
      {challenge.phase === 'ended' ? null : (
        <details>
          <summary>Edit {challenge.name}</summary>
          <CommunityForm
            formId={formId}
            intent="edit"
            hidden={{ challengeId: challenge.id }}
            submitLabel="Save challenge"
            label={`Edit ${challenge.name}`}
          >
            <ChallengeFields challenge={challenge} />
          </CommunityForm>
        </details>
      )}
      {challenge.phase === 'running' ? (
        <CommunityForm
          formId={`end-${challenge.id}`}
          intent="end"
          hidden={{ challengeId: challenge.id }}
          submitLabel="End now"
          buttonLabel={`End ${challenge.name} now`}
          className={communityStyles.inlineForm}
          buttonClassName={communityStyles.dangerButton}
        />
      ) : null}
    </li>
  );
}

export default function PartnerChallengesAdminPage() {
  const { pageToken: token, challenges } = useLoaderData<typeof loader>();
  return (
    <ProgrammeAdminPage heading={HEADING}>
      <AdminSection id="challenges" title="Challenges">
        <p>
          A challenge counts one kind of event from its first day to its last, both whole days in
          UTC. Partners who join it earn its points on reaching the target. Once partners have
          joined a running challenge, what it counts and its target stay as they joined it.
        </p>
        {PHASES.map(({ phase, title, empty }) => {
          const listed = challenges.filter((challenge) => challenge.phase === phase);
          return (
            <div key={phase}>
              <h3 className={communityStyles.sectionTitle}>
                {title} ({listed.length})
              </h3>
              {listed.length === 0 ? (
                <p className={communityStyles.empty}>{empty}</p>
              ) : (
                <ul className={styles.rows}>
                  {listed.map((challenge) => (
                    <ChallengeRow key={challenge.id} challenge={challenge} />
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </AdminSection>
      <AdminSection id="add" title="Add a challenge">
        <FormOutcome formId="add-challenge" />
        <CommunityForm
          key={token}
          formId="add-challenge"
          intent="add"
          pageToken={token}
          submitLabel="Add challenge"
          pendingLabel="Adding…"
          label="Add a challenge"
        >
          <ChallengeFields />
        </CommunityForm>
      </AdminSection>
    </ProgrammeAdminPage>
  );
}
