import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import { DAY1, DAY2, people, id, at } from './insight-days.fixture.ts';

/* The content and community events of the insight figures' seed (insight.fixture.ts). */

/** Articles of the content dashboard's figures, updated long ago, a while ago and lately. */
export const ARTICLES = [
  { id: 'art-pay', title: 'Pay runs', updated: '2024-01-10' },
  { id: 'art-tax', title: 'Tax rates', updated: '2025-06-01' },
  { id: 'art-inv', title: 'Invoices', updated: '2026-10-01' },
] as const;

async function article(db: Kysely<Database>, entry: (typeof ARTICLES)[number]) {
  await db
    .insertInto('kb_article')
    .values({
      id: entry.id,
      url_name: entry.id,
      title: entry.title,
      summary: '',
      body: '',
      content_type: 'Knowledge',
      products: '[]',
      audiences: '[]',
      related: '[]',
      team: '',
      region: null,
      created_date: entry.updated,
      updated_date: entry.updated,
      published_date: entry.updated,
      source_path: `${entry.id}.md`,
      content_hash: entry.id,
      created_at: at(entry.updated, '00:00:00'),
      updated_at: at(entry.updated, '00:00:00'),
    })
    .execute();
}

async function analyticsEvent(
  db: Kysely<Database>,
  when: string,
  name: 'content viewed' | 'case submitted' | 'screen viewed',
  userId: string | null,
  contentId?: string,
) {
  const fields =
    name === 'content viewed'
      ? { contentType: 'Knowledge', contentName: 'Name', ...(contentId ? { contentId } : {}) }
      : name === 'case submitted'
        ? { caseNumber: '1' }
        : { screenName: 'Home' };
  await db
    .insertInto('analytics_event')
    .values({
      id: id('ev'),
      name,
      fields: JSON.stringify(fields),
      page_path: '/',
      user_id: userId,
      occurred_at: when,
      received_at: when,
    })
    .execute();
}

async function vote(db: Kysely<Database>, when: string, articleId: string, helpful: boolean) {
  await db
    .insertInto('kb_article_feedback')
    .values({
      id: id('f'),
      article_id: articleId,
      helpful: helpful ? 1 : 0,
      comment: null,
      user_id: null,
      created_at: when,
    })
    .execute();
}

export async function seedContent(db: Kysely<Database>) {
  for (const entry of ARTICLES) await article(db, entry);
  const view = (when: string, userId: string | null, contentId?: string) =>
    analyticsEvent(db, when, 'content viewed', userId, contentId);
  const raised = (when: string, userId: string) =>
    analyticsEvent(db, when, 'case submitted', userId);
  // Followed by a case: 20 minutes later; over midnight; 30 and 25 minutes later.
  await view(at(DAY1, '08:00:00'), people.owner, 'art-pay');
  await raised(at(DAY1, '08:20:00'), people.owner);
  await view(at(DAY1, '07:00:00'), people.owner, 'art-inv');
  await view(at(DAY1, '23:50:00'), people.agent, 'art-pay');
  await raised(at(DAY2, '00:10:00'), people.agent);
  await view(at(DAY2, '09:00:00'), people.admin, 'art-tax');
  await raised(at(DAY2, '08:59:00'), people.admin);
  await view(at(DAY2, '10:00:00'), people.admin, 'art-tax');
  await view(at(DAY2, '10:05:00'), people.admin, 'art-tax');
  await raised(at(DAY2, '10:30:00'), people.admin);
  // Guests' views are counted, never linked to a case; content no longer there keeps its id.
  await view(at(DAY2, '11:00:00'), null, 'art-pay');
  await view(at(DAY2, '11:01:00'), null, 'art-pay');
  await view(at(DAY2, '12:00:00'), null, 'gone-1');
  await view(at(DAY2, '12:01:00'), null);
  await analyticsEvent(db, at(DAY2, '12:02:00'), 'screen viewed', null);
  await vote(db, at(DAY1, '08:05:00'), 'art-pay', true);
  await vote(db, at(DAY1, '08:06:00'), 'art-pay', false);
  await vote(db, at(DAY2, '09:10:00'), 'art-pay', false);
  await vote(db, at(DAY2, '09:11:00'), 'art-inv', true);
  await vote(db, at(DAY2, '09:12:00'), 'art-inv', true);
  await vote(db, at(DAY2, '09:13:00'), 'art-tax', false);
}

async function discussion(
  db: Kysely<Database>,
  values: { id: string; product: string; by: string; at: string; hidden?: boolean },
) {
  await db
    .insertInto('community_discussion')
    .values({
      id: values.id,
      title: values.id.toUpperCase(),
      product: values.product,
      author_id: values.by,
      created_at: values.at,
      last_activity_at: values.at,
      best_answer_id: null,
      best_answer_at: null,
      answer_count: 0,
      locked: 0,
      hidden: values.hidden ? 1 : 0,
    })
    .execute();
  await post(db, values.id, 'question', values.by, values.at);
}

async function post(
  db: Kysely<Database>,
  discussionId: string,
  kind: 'question' | 'answer' | 'comment',
  by: string,
  when: string,
  hidden = false,
) {
  const postId = id('p');
  await db
    .insertInto('community_post')
    .values({
      id: postId,
      discussion_id: discussionId,
      kind,
      parent_id: null,
      author_id: by,
      body: 'Text',
      body_text: 'Text',
      created_at: when,
      edited_at: null,
      upvote_count: 0,
      hidden: hidden ? 1 : 0,
    })
    .execute();
  return postId;
}

export async function seedCommunity(db: Kysely<Database>) {
  const { owner, agent, admin } = people;
  await discussion(db, { id: 'q1', product: 'payroll', by: owner, at: at(DAY1, '08:00:00') });
  const best = await post(db, 'q1', 'answer', agent, at(DAY1, '09:30:00'));
  await db
    .updateTable('community_discussion')
    .set({ best_answer_id: best, best_answer_at: at(DAY1, '09:40:00'), answer_count: 1 })
    .where('id', '=', 'q1')
    .execute();
  await post(db, 'q1', 'comment', owner, at(DAY1, '10:00:00'));
  await discussion(db, { id: 'q2', product: 'accounting', by: owner, at: at(DAY1, '10:00:00') });
  await post(db, 'q2', 'answer', admin, at(DAY2, '11:00:00'));
  await discussion(db, { id: 'q3', product: 'payroll', by: agent, at: at(DAY1, '12:00:00') });
  await post(db, 'q3', 'comment', agent, at(DAY2, '12:00:00'));
  await discussion(db, { id: 'q4', product: 'payroll', by: admin, at: at(DAY2, '08:00:00') });
  await discussion(db, { id: 'q5', product: 'accounting', by: agent, at: at(DAY1, '07:00:00') });
  await post(db, 'q5', 'answer', admin, at(DAY1, '08:00:00'), true);
  await discussion(db, {
    id: 'q6',
    product: 'payroll',
    by: owner,
    at: at(DAY1, '09:00:00'),
    hidden: true,
  });
  await post(db, 'q6', 'answer', agent, at(DAY1, '09:10:00'));
}
