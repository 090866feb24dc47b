import { percent, share } from '~core/insight';
import { PARTNER_TIERS } from '~core/partner';
import { countMembersByTier, onboardingFunnelNow } from '~server/modules/partners';
import { countPracticesByTier } from '~server/modules/practices';
import { FIGURES } from './insight-figures.ts';
import {
  dailyTable,
  filterNote,
  readFigures,
  topItems,
  total,
  type DashboardReader,
  type DashboardView,
} from './dashboard-view.ts';

/* The partner programme dashboard (docs/insight.md 'Partner programme'), for administrators. */

const LIST_LENGTH = 20;
const POINT_FIGURES = [
  FIGURES.partnerPointsEarned,
  FIGURES.partnerPointsRedeemed,
  FIGURES.partnerPointsExpired,
  FIGURES.partnerPointsAdjusted,
];
const CHALLENGE_FIGURES = [FIGURES.partnerChallengesJoined, FIGURES.partnerChallengesCompleted];

const tierName = (tier: string) =>
  tier === 'none' ? 'No tier' : tier[0]!.toUpperCase() + tier.slice(1);
/** The programme's tiers lowest first, then any other the data holds. */
const tierRank = (tier: string) => {
  const rank = (PARTNER_TIERS as readonly string[]).indexOf(tier);
  return rank < 0 ? PARTNER_TIERS.length : rank;
};
const byTier = <T extends { tier: string }>(lines: T[]) =>
  [...lines].sort((a, b) => tierRank(a.tier) - tierRank(b.tier) || a.tier.localeCompare(b.tier));

export async function partnersDashboard(
  reader: Omit<DashboardReader, 'dimensions'>,
): Promise<DashboardView> {
  const scoped = { ...reader, dimensions: [] };
  const perDay = await readFigures(scoped, POINT_FIGURES, true);
  const perChallenge = await readFigures(scoped, CHALLENGE_FIGURES, false);
  const { region } = reader.filters;
  const practiceTiers = new Map<string, number>();
  for (const line of await countPracticesByTier(reader.db)) {
    if (region !== undefined && line.market !== region) continue;
    practiceTiers.set(line.tier, (practiceTiers.get(line.tier) ?? 0) + line.practices);
  }
  const practices = byTier([...practiceTiers].map(([tier, count]) => ({ tier, count })));
  const members = byTier(await countMembersByTier(reader.db));
  const funnel = await onboardingFunnelNow(reader.db);
  const joined = funnel[0]?.partners ?? 0;
  const finished = funnel.length > 1 ? (funnel.at(-1)?.partners ?? 0) : 0;
  const joinedBy = topItems(perChallenge, FIGURES.partnerChallengesJoined, LIST_LENGTH);
  const completedBy = new Map(
    topItems(perChallenge, FIGURES.partnerChallengesCompleted, LIST_LENGTH).map((entry) => [
      entry.item,
      entry.count,
    ]),
  );
  const challengeNames = [
    ...new Set([...joinedBy.map((entry) => entry.item), ...completedBy.keys()]),
  ];
  const joinedCount = total(perChallenge, FIGURES.partnerChallengesJoined);
  const completedCount = total(perChallenge, FIGURES.partnerChallengesCompleted);
  return {
    headlines: [
      {
        label: 'Practices',
        value: String(practices.reduce((all, line) => all + line.count, 0)),
      },
      {
        label: 'Points earned',
        value: String(total(perDay, FIGURES.partnerPointsEarned)),
      },
      {
        label: 'Points redeemed',
        value: String(total(perDay, FIGURES.partnerPointsRedeemed)),
      },
      {
        label: 'Onboarding finished',
        value: `${finished} of ${joined} (${percent(share(finished, joined))})`,
      },
      {
        label: 'Challenges completed',
        value: `${completedCount} of ${joinedCount} joined`,
      },
    ],
    plots: [
      {
        kind: 'bars',
        table: {
          id: 'practices',
          title: 'Practices by tier',
          columns: ['Tier', 'Practices'],
          rows: practices.map((line) => [tierName(line.tier), line.count]),
        },
      },
      {
        kind: 'line',
        table: dailyTable(scoped, perDay, { id: 'points-per-day', title: 'Points per day' }, [
          { figure: FIGURES.partnerPointsEarned, name: 'Earned' },
          { figure: FIGURES.partnerPointsRedeemed, name: 'Redeemed' },
          { figure: FIGURES.partnerPointsExpired, name: 'Expired' },
        ]),
      },
      {
        kind: 'funnel',
        table: {
          id: 'onboarding',
          title: 'Onboarding',
          columns: ['Step', 'Partners'],
          rows: funnel.map((stage) => [stage.name, stage.partners]),
        },
      },
    ],
    tables: [
      {
        id: 'challenges',
        title: 'Challenges joined and completed',
        columns: ['Challenge', 'Joined', 'Completed'],
        rows: challengeNames.map((name) => [
          name,
          joinedBy.find((entry) => entry.item === name)?.count ?? 0,
          completedBy.get(name) ?? 0,
        ]),
      },
      {
        id: 'members',
        title: 'Partners by tier',
        columns: ['Tier', 'Partners'],
        rows: members.map((line) => [tierName(line.tier), line.members]),
      },
      {
        id: 'adjustments',
        title: 'Points adjusted by administrators',
        columns: ['Adjusted points (net)'],
        rows: [[total(perDay, FIGURES.partnerPointsAdjusted)]],
      },
    ],
    notes: [
      'Points, challenges and onboarding are the programme’s own records, counted whatever the cookie consent. Points and challenges count by the day they happened; redeemed and expired points as the points they took off balances.',
      'Practices by tier, partners by tier and the onboarding funnel are as they stand now, whatever the date range; the region filter narrows practices to those of that market.',
      ...filterNote({ ...reader.filters, region: undefined }, []),
    ],
  };
}
