import type { Kysely } from 'kysely';
import {
  partnerCategoryName,
  type AuthorRole,
  type CaseImpact,
  type CaseQueue,
  type CaseStatus,
} from '~core/cases';
import type { Database } from '~server/db/schema.ts';
import { newRecordId } from '~server/db/ids.ts';
import { listTopics } from '~server/modules/content';
import { findUserBySubject, type PortalUser } from '~server/modules/identity';
import { acceptAttachments, AttachmentWrites } from '../case-attachments.ts';
import * as repository from '../cases.repository.ts';

/*
 * The demo cases of the embedded default: Mia Chen's cases in every status, with conversations
 * with the demo agent and a rating, and the partner practice's cases, so Priya Raman (its
 * primary contact) sees Sam Taylor's case under "Organisation's cases".
 */

type Who = 'owner' | 'agent';

interface DemoCase {
  owner: string;
  queue: CaseQueue;
  subject: string;
  description: string;
  /** A knowledge-base topic slug (customers) or a partner category id. */
  category: string;
  product: string | null;
  impact: CaseImpact;
  status: CaseStatus;
  daysAgo: number;
  solvedDaysAgo?: number;
  rating?: { score: number; comment: string };
  messages: { from: Who; body: string; daysAgo: number }[];
  /** Text files sent with the description. */
  files?: { name: string; text: string }[];
}

const DEMO_CASES: readonly DemoCase[] = [
  {
    owner: 'demo-customer',
    queue: 'customer',
    subject: 'Bank feed stopped importing transactions',
    description:
      'Since Monday my business account feed shows no new transactions. The bank’s own app shows them. I have tried **Refresh feed** twice.',
    category: 'bank-feeds',
    product: 'accounting',
    impact: 'whole-business',
    status: 'new',
    daysAgo: 0.1,
    messages: [],
    files: [
      {
        name: 'bank-feed-sync.log',
        text: [
          '09:02 Refresh feed: Business Everyday (…4417)',
          '09:02 Connected to the bank',
          '09:03 0 new transactions (the bank app shows 12 since Monday)',
          '09:15 Refresh feed: Business Everyday (…4417)',
          '09:15 0 new transactions',
          '',
        ].join('\n'),
      },
    ],
  },
  {
    owner: 'demo-customer',
    queue: 'customer',
    subject: 'GST return shows the wrong period',
    description:
      'The GST return for the last quarter starts on the 2nd of the month instead of the 1st, so one day of sales is missing.',
    category: 'gst',
    product: 'accounting',
    impact: 'just-me',
    status: 'open',
    daysAgo: 3,
    messages: [
      {
        from: 'agent',
        body: 'Thanks Mia. Could you tell us the financial year end set under Settings › Financial settings?',
        daysAgo: 2.5,
      },
      { from: 'owner', body: 'It is 30 June, as it has always been.', daysAgo: 2 },
    ],
  },
  {
    owner: 'demo-customer',
    queue: 'customer',
    subject: 'Pay run stuck at “Processing”',
    description:
      'This week’s pay run has shown “Processing” for two hours and my staff are due to be paid today.',
    category: 'pay-runs',
    product: 'payroll',
    impact: 'several-people',
    status: 'awaiting-reply',
    daysAgo: 1,
    messages: [
      {
        from: 'agent',
        body: 'We have released the pay run on our side. Can you check that it now shows as **Posted** and let us know?',
        daysAgo: 0.8,
      },
    ],
  },
  {
    owner: 'demo-customer',
    queue: 'customer',
    subject: 'Invoice reminders go out twice',
    description:
      'Customers receive each overdue reminder twice, a minute apart. I have one reminder rule set up.',
    category: 'customer-payments',
    product: 'accounting',
    impact: 'just-me',
    status: 'solved',
    daysAgo: 8,
    solvedDaysAgo: 3,
    rating: { score: 5, comment: 'Quick and clear, thank you!' },
    messages: [
      {
        from: 'agent',
        body: 'A second reminder rule was created by an import. We removed the duplicate; reminders now go out once.',
        daysAgo: 4,
      },
      { from: 'owner', body: 'Confirmed, only one reminder went out today. Thanks!', daysAgo: 3 },
    ],
  },
  {
    owner: 'demo-customer',
    queue: 'customer',
    subject: 'Cannot add a second user',
    description: 'Inviting my bookkeeper gives the error “User limit reached” on the Starter plan.',
    category: 'users-and-permissions',
    product: 'accounting',
    impact: 'several-people',
    status: 'closed',
    daysAgo: 30,
    solvedDaysAgo: 25,
    rating: { score: 4, comment: 'Solved, though I had to change plans.' },
    messages: [
      {
        from: 'agent',
        body: 'The Starter plan includes one user. Moving to Standard allows unlimited users; your bookkeeper can then accept the invitation.',
        daysAgo: 28,
      },
    ],
  },
  {
    owner: 'demo-partner-member',
    queue: 'partner',
    subject: 'Client subscription not showing under the practice',
    description:
      'We took over a client’s subscription last week, but it does not appear in our practice’s list of clients.',
    category: 'client-subscriptions',
    product: 'practice',
    impact: 'just-me',
    status: 'open',
    daysAgo: 2,
    messages: [
      {
        from: 'agent',
        body: 'The transfer is waiting for the client to accept it. We have sent them a reminder.',
        daysAgo: 1.5,
      },
    ],
  },
  {
    owner: 'demo-partner-primary',
    queue: 'partner',
    subject: 'Points for the certification are missing',
    description: 'Two of our team passed the advisor certification but no points were added.',
    category: 'programme-and-points',
    product: null,
    impact: 'just-me',
    status: 'awaiting-reply',
    daysAgo: 5,
    messages: [
      {
        from: 'agent',
        body: 'Could you send us the names used on the certificates? We will match them to your team.',
        daysAgo: 4,
      },
    ],
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Writes the demo cases once, after the help content is in (the categories are its topics).
 * Safe to run at every start: nothing is written when the demo customer has cases already.
 */
export async function seedDemoCases(
  db: Kysely<Database>,
  issuer: string,
  now: Date = new Date(),
  /** Where the demo files go (config caseAttachmentsDir); without it the cases have none. */
  attachmentsDir?: string,
): Promise<number> {
  const users = new Map<string, PortalUser>();
  for (const subject of [
    'demo-customer',
    'demo-partner-member',
    'demo-partner-primary',
    'demo-agent',
  ]) {
    const user = await findUserBySubject(db, issuer, subject);
    if (!user) return 0;
    users.set(subject, user);
  }
  const customer = users.get('demo-customer');
  const agent = users.get('demo-agent');
  if (!customer || !agent || (await repository.hasCasesOf(db, customer.id))) return 0;
  const topics = await listTopics(db);
  if (topics.length === 0) return 0;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString();
  const writes = new AttachmentWrites(attachmentsDir ?? '');
  return writes.around(() =>
    db.transaction().execute(async (trx) => {
      let written = 0;
      for (const demo of DEMO_CASES) {
        const owner = users.get(demo.owner);
        if (!owner) continue;
        // Another help content than the demo's files the case under its first category.
        const topic =
          topics.find((candidate) => candidate.slug === demo.category) ??
          topics.find((candidate) => candidate.parentId === null);
        const parent = topic?.parentId ? topics.find((t) => t.id === topic.parentId) : undefined;
        const category =
          demo.queue === 'partner'
            ? { id: demo.category, name: partnerCategoryName(demo.category) ?? demo.category }
            : (parent ?? topic);
        if (!category) continue;
        const id = newRecordId('case');
        const lastActivity = Math.min(demo.daysAgo, ...demo.messages.map((m) => m.daysAgo));
        const customerWrote = Math.min(
          demo.daysAgo,
          ...demo.messages.filter((m) => m.from === 'owner').map((m) => m.daysAgo),
        );
        await repository.insertCase(trx, {
          id,
          case_number: await repository.takeCaseNumber(trx),
          queue: demo.queue,
          subject: demo.subject,
          description: demo.description,
          product: demo.product,
          category_id: category.id,
          category_name: category.name,
          topic_id: parent && topic ? topic.id : null,
          topic_name: parent && topic ? topic.name : null,
          impact: demo.impact,
          contact_method: 'email',
          contact_email: owner.email,
          contact_phone: null,
          callback_from: null,
          callback_to: null,
          status: demo.status,
          owner_id: owner.id,
          organisation_id: owner.organisationId,
          follow_up_of: null,
          created_at: at(demo.daysAgo),
          updated_at: at(demo.solvedDaysAgo ?? lastActivity),
          solved_at: demo.solvedDaysAgo === undefined ? null : at(demo.solvedDaysAgo),
          closed_at: demo.status === 'closed' ? at((demo.solvedDaysAgo ?? 0) - 14) : null,
          rating: demo.rating?.score ?? null,
          rating_comment: demo.rating?.comment ?? null,
          rated_at: demo.rating && demo.solvedDaysAgo !== undefined ? at(demo.solvedDaysAgo) : null,
          customer_wrote_at: at(customerWrote),
        });
        for (const message of demo.messages) {
          const author = message.from === 'agent' ? agent : owner;
          const role: AuthorRole = message.from === 'agent' ? 'agent' : 'customer';
          await repository.insertMessage(trx, {
            id: newRecordId('caseMessage'),
            case_id: id,
            author_id: author.id,
            author_role: role,
            body: message.body,
            created_at: at(message.daysAgo),
          });
        }
        if (demo.files && attachmentsDir !== undefined) {
          const files = acceptAttachments(
            demo.files.map((file) => ({ fileName: file.name, bytes: Buffer.from(file.text) })),
          );
          await writes.store(trx, { caseId: id, messageId: null, at: at(demo.daysAgo) }, files);
        }
        written += 1;
      }
      return written;
    }),
  );
}
