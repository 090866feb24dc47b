import { useLoaderData, type ActionFunctionArgs } from 'react-router';
import {
  CHALLENGE_CRITERIA,
  challengePrizeLabel,
  NO_PRIZE,
  type ChallengePhase,
} from '~core/partner';
import communityStyles from '~app/components/community/community.module.css';
import { LocalTime, useVisitorTimeZone } from '~app/components/contact/LocalTime.tsx';
import { dayLabel } from '~app/components/partners/ChallengeCard.tsx';
import * as programme from './partner-admin.server.ts';
import * as page from './AdminPage.tsx';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Partner programme: challenges';
const FIELDS = [
  'name',
  'description',
  'goalKind',
  'goalCount',
  'points',
  'rewardId',
  'startsOn',
  'endsOn',
] as const;
const PHASES: ReadonlyArray<{ phase: ChallengePhase; title: string; empty: string }> = [
  { phase: 'running', title: 'Running', empty: 'No challenge is running.' },
  { phase: 'upcoming', title: 'Upcoming', empty: 'No challenge is coming up.' },
  { phase: 'ended', title: 'Ended', empty: 'No challenge has ended yet.' },
];

export const loader = programme.programmeAdminLoader(async (context) => {
  const [challenges, configuration] = await Promise.all([
    programme.challengesForAdmin(context.db, context.clock.now()),
    programme.programmeConfiguration(context.db),
  ]);
  return { challenges, rewards: configuration.rewards };
});

export const meta = page.programmeAdminMeta(HEADING);

export async function action(args: ActionFunctionArgs) {
  return programme.runProgrammeAction(args, {
    add: programme.adding(
      FIELDS,
      'Challenge added; partners see it from its first day.',
      programme.addChallenge,
    ),
    edit: programme.editing(FIELDS, 'challengeId', 'Challenge saved.', programme.editChallenge),
    end: programme.editing(
      [],
      'challengeId',
      'Challenge ended: from today nothing counts towards it and partners no longer see it.',
      (db, id, _form, by) => programme.endChallengeEarly(db, id, by),
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

const LOCKED_HINT = 'Partners have joined this running challenge, so this stays as they joined it.';

type Reward = Awaited<ReturnType<typeof loader>>['rewards'][number];

/** The rewards a challenge may be won for: the catalogue's, and the one it has, even retired. */
function prizeOptions(rewards: readonly Reward[], current: string | undefined) {
  return [
    { value: NO_PRIZE, label: 'No reward: points only' },
    ...rewards
      .filter((reward) => !reward.retired || reward.id === current)
      .map((reward) => ({
        value: reward.id,
        label: `${reward.name}${reward.retired ? ' (retired)' : ''}${reward.stock === null ? '' : ` · ${reward.stock} in stock`}`,
      })),
  ];
}

/** The fields of a challenge; once partners joined a running one, its terms say they stay. */
function challengeGrid(locked: boolean, prizes: ReturnType<typeof prizeOptions>): page.FieldSpec[] {
  const lockedHint = locked ? LOCKED_HINT : undefined;
  return [
    { name: 'name', label: 'Name', maxLength: 120 },
    {
      name: 'goalKind',
      label: 'What it counts',
      hint: lockedHint,
      maxLength: 40,
      options: CHALLENGE_CRITERIA,
    },
    {
      name: 'goalCount',
      label: 'Target',
      hint: lockedHint ?? 'How many of them complete it.',
      maxLength: 4,
    },
    {
      name: 'points',
      label: 'Points on completion',
      hint: '0 when a reward is the prize.',
      maxLength: 7,
    },
    {
      name: 'rewardId',
      label: 'Reward on completion',
      hint: 'Given from stock without spending points; past the last, it waits for you to fulfil.',
      maxLength: 40,
      options: prizes,
    },
    {
      name: 'startsOn',
      label: 'First day',
      hint: 'YYYY-MM-DD; the day starts at midnight UTC.',
      maxLength: 10,
    },
    {
      name: 'endsOn',
      label: 'Last day',
      hint: 'YYYY-MM-DD; the day ends at midnight UTC.',
      maxLength: 10,
    },
  ];
}
const CHALLENGE_TEXT: readonly page.FieldSpec[] = [
  { name: 'description', label: 'Description', maxLength: 500, rows: 3 },
];

function ChallengeFields({ challenge, rewards }: { challenge?: Challenge; rewards: Reward[] }) {
  const locked = challenge?.phase === 'running' && challenge.joined > 0;
  const prizes = prizeOptions(rewards, challenge?.rewardId);
  return (
    <>
      <page.AdminFields specs={challengeGrid(locked, prizes)} values={challenge} grid />
      <page.AdminFields specs={CHALLENGE_TEXT} values={challenge} />
    </>
  );
}

function ChallengeRow({ challenge, rewards }: { challenge: Challenge; rewards: Reward[] }) {
  const record = { formId: `challenge-${challenge.id}`, hidden: { challengeId: challenge.id } };
  return (
    <>
      <p className={communityStyles.meta}>
        {challenge.criterion} × {challenge.goalCount} ·{' '}
        {challengePrizeLabel(challenge.points, challenge.prize)} · {challenge.joined} joined ·{' '}
        {challenge.completed} completed
      </p>
      <ChallengeDays challenge={challenge} />
      <page.FormOutcome formId={record.formId} />
      <page.FormOutcome formId={`end-${challenge.id}`} />
      {challenge.phase === 'ended' ? null : (
        <page.EditRecord {...record} name={challenge.name} saveLabel="Save challenge">
          <ChallengeFields challenge={challenge} rewards={rewards} />
        </page.EditRecord>
      )}
      {challenge.phase === 'running' ? (
        <page.RecordButton
          formId={`end-${challenge.id}`}
          hidden={record.hidden}
          intent="end"
          label="End now"
          buttonLabel={`End ${challenge.name} now`}
          danger
        />
      ) : null}
    </>
  );
}

const CHALLENGES_INTRO =
  'A challenge counts one kind of event from its first day to its last, both whole days in UTC. Partners who join it earn its points, its reward or both on reaching the target. Once partners have joined a running challenge, what it counts and its target stay as they joined it.';

export default function PartnerChallengesAdminPage() {
  const { pageToken: token, challenges, rewards } = useLoaderData<typeof loader>();
  return (
    <page.ProgrammeAdminPage heading={HEADING}>
      <page.AdminSection id="challenges" title="Challenges" intro={CHALLENGES_INTRO}>
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
                <page.RecordList
                  records={listed}
                  keyOf={(challenge) => challenge.id}
                  heading={(challenge) => challenge.name}
                  level={4}
                >
                  {(challenge) => <ChallengeRow challenge={challenge} rewards={rewards} />}
                </page.RecordList>
              )}
            </div>
          );
        })}
      </page.AdminSection>
      <page.AddSection noun="challenge" token={token}>
        <ChallengeFields rewards={rewards} />
      </page.AddSection>
    </page.ProgrammeAdminPage>
  );
}
