import { dayBounds, duration, percent, share } from '~core/insight';
import { fullName } from '~core/ui';
import { listQuestionsAskedBetween } from '~server/modules/community';
import { listUserSummaries } from '~server/modules/identity';
import { FIGURES } from './insight-figures.ts';
import { itemAmountPercentiles } from './insight.repository.ts';
import {
  applicableFilters,
  dailyTable,
  filterNote,
  readFigures,
  topItems,
  total,
  type DashboardReader,
  type DashboardView,
} from './dashboard-view.ts';

/* The community dashboard (docs/insight.md 'Community'), for administrators. */

const DIMENSIONS = ['product'] as const;
/** A question is unanswered when no answer came within this many hours of asking. */
const ANSWER_WITHIN_HOURS = 48;
const HOUR = 3_600_000;
const LIST_LENGTH = 20;

export interface CommunitySettings {
  /** Now, to tell which questions have had their 48 hours. */
  now: Date;
}

export async function communityDashboard(
  reader: Omit<DashboardReader, 'dimensions'>,
  settings: CommunitySettings,
): Promise<DashboardView> {
  const scoped = { ...reader, dimensions: DIMENSIONS };
  // Read side by side: on PostgreSQL each takes a connection of its own.
  const [perDay, postSums, firstAnswers, asked] = await Promise.all([
    readFigures(scoped, [FIGURES.communityQuestions], true),
    readFigures(scoped, [FIGURES.communityMemberPosts], false),
    itemAmountPercentiles(
      reader.db,
      {
        figures: [FIGURES.communityFirstAnswerMinutes],
        from: reader.filters.from,
        to: reader.filters.to,
        where: applicableFilters(reader.filters, DIMENSIONS),
      },
      [50, 90],
    ),
    listQuestionsAskedBetween(reader.db, {
      start: dayBounds(reader.filters.from).start,
      end: dayBounds(reader.filters.to).end,
      product: reader.filters.product,
    }),
  ]);
  const posts = topItems(postSums, FIGURES.communityMemberPosts, LIST_LENGTH);
  const now = settings.now.getTime();
  const due = asked.filter(
    (question) => Date.parse(question.createdAt) + ANSWER_WITHIN_HOURS * HOUR <= now,
  );
  const unanswered = due.filter(
    (question) =>
      question.firstAnswerAt === null ||
      Date.parse(question.firstAnswerAt) - Date.parse(question.createdAt) >
        ANSWER_WITHIN_HOURS * HOUR,
  );
  const withBest = asked.filter((question) => question.hasBestAnswer).length;
  const members = new Map(
    (
      await listUserSummaries(
        reader.db,
        posts.map((entry) => entry.item),
      )
    ).map((user) => [user.id, fullName(user.firstName, user.lastName)]),
  );
  const median = firstAnswers.find((entry) => entry.percent === 50)?.amount;
  const ninetieth = firstAnswers.find((entry) => entry.percent === 90)?.amount;
  return {
    headlines: [
      { label: 'Questions asked', value: String(total(perDay, FIGURES.communityQuestions)) },
      {
        label: 'Without an answer after 48 hours',
        value: `${unanswered.length} of ${due.length} (${percent(share(unanswered.length, due.length))})`,
      },
      {
        label: 'Time to first answer, median',
        value:
          median === undefined || ninetieth === undefined
            ? '–'
            : `${duration(median)} (90%: ${duration(ninetieth)})`,
      },
      {
        label: 'With a best answer',
        value: `${withBest} of ${asked.length} (${percent(share(withBest, asked.length))})`,
      },
    ],
    plots: [
      {
        kind: 'line',
        table: dailyTable(scoped, perDay, { id: 'questions-per-day', title: 'Questions per day' }, [
          { figure: FIGURES.communityQuestions, name: 'Questions' },
        ]),
      },
      {
        kind: 'bars',
        table: {
          id: 'most-active-members',
          title: 'Most active members',
          columns: ['Member', 'Posts'],
          rows: posts
            .slice(0, 10)
            .map((entry) => [members.get(entry.item) ?? 'Former member', entry.count]),
        },
      },
    ],
    tables: [
      {
        id: 'unanswered',
        title: 'Questions without an answer after 48 hours',
        columns: ['Question', 'Product', 'Asked', 'First answer'],
        rows: unanswered
          .slice(0, LIST_LENGTH)
          .map((question) => [
            question.title,
            question.product ?? '',
            question.createdAt.slice(0, 16).replace('T', ' '),
            question.firstAnswerAt === null
              ? 'None yet'
              : `after ${duration((Date.parse(question.firstAnswerAt) - Date.parse(question.createdAt)) / 60_000)}`,
          ]),
      },
      {
        id: 'members',
        title: 'Posts by member',
        columns: ['Member', 'Posts'],
        rows: posts.map((entry) => [members.get(entry.item) ?? 'Former member', entry.count]),
      },
    ],
    notes: [
      'Questions, answers and comments are the community’s own posts, counted whatever the cookie consent; hidden ones are not counted.',
      'Questions per day and posts count by the day written; times to a first answer by the day of the answer. Unanswered questions and best answers are of the questions asked in the range, as they stand now, among those asked at least 48 hours ago.',
      ...filterNote(reader.filters, DIMENSIONS),
    ],
  };
}
