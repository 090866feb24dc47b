import { dayBounds, percent, share } from '~core/insight';
import { findAnswerRecords, listDislikeDetails } from '~server/modules/answers';
import { FIGURES, splitItem } from './insight-figures.ts';
import {
  dailyTable,
  filterNote,
  readFigures,
  topItems,
  total,
  type DashboardReader,
  type DashboardView,
} from './dashboard-view.ts';

/* The generated answers dashboard (docs/insight.md 'Answers'). */

const DIMENSIONS = ['hub'] as const;
const TOP = 10;

export const ANSWER_CONSENT_NOTE =
  'Answer events (shown, liked, disliked, citations clicked) are counted only when the visitor’s cookie consent allowed statistics (PERF) at the time.';

export async function answersDashboard(
  reader: Omit<DashboardReader, 'dimensions'>,
): Promise<DashboardView> {
  const scoped = { ...reader, dimensions: DIMENSIONS };
  const perDay = await readFigures(
    scoped,
    [FIGURES.answersShown, FIGURES.answersDeclined, FIGURES.answersLiked, FIGURES.dislikeReasons],
    true,
  );
  const perItem = await readFigures(
    scoped,
    [FIGURES.dislikeReasons, FIGURES.dislikedAnswers, FIGURES.citedPages, FIGURES.citationClicks],
    false,
  );
  const shown = total(perDay, FIGURES.answersShown);
  const declined = total(perDay, FIGURES.answersDeclined);
  const liked = total(perDay, FIGURES.answersLiked);
  const disliked = total(perDay, FIGURES.dislikeReasons);
  const dislikedTop = topItems(perItem, FIGURES.dislikedAnswers, TOP);
  const records = new Map(
    (
      await findAnswerRecords(
        reader.db,
        dislikedTop.map((entry) => entry.item),
      )
    ).map((record) => [record.id, record]),
  );
  const details = await listDislikeDetails(
    reader.db,
    dislikedTop.map((entry) => entry.item),
    { start: dayBounds(reader.filters.from).start, end: dayBounds(reader.filters.to).end },
  );
  return {
    headlines: [
      { label: 'Answers shown', value: String(shown) },
      { label: 'Answered', value: percent(share(shown - declined, shown)) },
      { label: 'Declined', value: `${declined} (${percent(share(declined, shown))})` },
      { label: 'Likes', value: String(liked) },
      { label: 'Dislikes', value: String(disliked) },
      { label: 'Citation clicks', value: String(total(perItem, FIGURES.citationClicks)) },
    ],
    plots: [
      {
        kind: 'line',
        table: dailyTable(scoped, perDay, { id: 'answers-per-day', title: 'Answers per day' }, [
          { figure: FIGURES.answersShown, name: 'Shown' },
          { figure: FIGURES.answersLiked, name: 'Liked' },
          { figure: FIGURES.dislikeReasons, name: 'Disliked' },
        ]),
      },
      {
        kind: 'bars',
        table: {
          id: 'dislike-reasons',
          title: 'Reasons given for dislikes',
          columns: ['Reason', 'Dislikes'],
          rows: topItems(perItem, FIGURES.dislikeReasons, TOP).map((entry) => [
            entry.item || 'No reason given',
            entry.count,
          ]),
        },
      },
    ],
    tables: [
      {
        id: 'disliked-answers',
        title: 'Most disliked answers',
        columns: ['Question', 'Answer', 'Citations', 'Dislikes', 'What visitors wrote'],
        rows: dislikedTop.map((entry) => {
          const record = records.get(entry.item);
          return [
            record?.question ?? '(answer no longer kept)',
            record?.answer ?? '',
            (record?.citations ?? [])
              .map((citation) => `${citation.title} <${citation.uri}>`)
              .join('; '),
            entry.count,
            details
              .filter((detail) => detail.answerId === entry.item)
              .map((detail) => detail.details)
              .join(' | '),
          ];
        }),
      },
      {
        id: 'most-cited',
        title: 'Articles most cited in answers shown',
        columns: ['Article', 'Address', 'Times cited'],
        rows: topItems(perItem, FIGURES.citedPages, TOP).map((entry) => {
          const [title, uri] = splitItem(entry.item);
          return [title, uri, entry.count];
        }),
      },
    ],
    notes: [ANSWER_CONSENT_NOTE, ...filterNote(reader.filters, DIMENSIONS)],
  };
}
