import { escapeHtml } from '../content/index.ts';
import { percent } from './figures.ts';

/*
 * The weekly insight digest an administrator can ask for: the week's top content gaps, the
 * most disliked answers and the deflection rate, each with a link to its dashboard.
 */

export interface InsightDigest {
  /** The Monday of the week the digest is about. */
  week: string;
  gaps: { label: string; searches: number }[];
  dislikedAnswers: { question: string; dislikes: number }[];
  contactVisits: number;
  deflectionRate: number;
  /** The dashboards' addresses, already filtered to the week. */
  links: { search: string; answers: string; deflection: string; preferences: string };
}

export function insightDigestMessage(
  digest: InsightDigest,
  brand: string,
): { subject: string; text: string; html: string } {
  const subject = `${brand} help portal insight, week of ${digest.week}`;
  const gapLines = digest.gaps.map((gap) => `${gap.label} (${gap.searches} searches)`);
  const answerLines = digest.dislikedAnswers.map(
    (answer) => `${answer.question} (${answer.dislikes} dislikes)`,
  );
  const deflection =
    digest.contactVisits === 0
      ? 'Nobody used a way of reaching a person this week.'
      : `${percent(digest.deflectionRate)} of ${digest.contactVisits} visits were solved without a person.`;
  const section = (title: string, lines: string[], empty: string, link: string) => ({
    text: [title, ...(lines.length === 0 ? [empty] : lines.map((line) => `- ${line}`)), link].join(
      '\n',
    ),
    html: [
      `<h2>${escapeHtml(title)}</h2>`,
      lines.length === 0
        ? `<p>${escapeHtml(empty)}</p>`
        : `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
      `<p><a href="${escapeHtml(link)}">Open the dashboard</a></p>`,
    ].join(''),
  });
  const sections = [
    section('Top content gaps', gapLines, 'No searches went unanswered.', digest.links.search),
    section('Most disliked answers', answerLines, 'No answer was disliked.', digest.links.answers),
    section('Deflection', [deflection], '', digest.links.deflection),
  ];
  const stop = `You get this because you asked for it on the insight pages: ${digest.links.preferences}`;
  return {
    subject,
    text: [subject, ...sections.map((part) => part.text), stop].join('\n\n'),
    html: [
      `<h1>${escapeHtml(subject)}</h1>`,
      ...sections.map((part) => part.html),
      `<p>You get this because you asked for it on the <a href="${escapeHtml(digest.links.preferences)}">insight pages</a>.</p>`,
    ].join(''),
  };
}
