import type { Kysely } from 'kysely';
import { stableRecordId } from '~server/db/ids.ts';
import type { Database } from '~server/db/schema.ts';
import { findUserBySubject } from '~server/modules/identity';
import * as repository from './service-jobs.repository.ts';
import {
  offerServiceJob,
  rateServiceJob,
  ratingUrl,
  takeServiceJobStep,
  type RatingLinks,
} from './service-jobs.service.ts';

const DAY = 24 * 60 * 60 * 1000;

const DEMO_JOBS = [
  {
    key: 'demo-service-job-bakery',
    title: 'Move Northside Bakery from spreadsheets',
    kind: 'migration',
    description:
      'Two years of sales and supplier bills kept in spreadsheets, to bring in with opening balances.',
    clientName: 'Northside Bakery',
    clientEmail: 'accounts@northside-bakery.example',
    steps: [] as const,
  },
  {
    key: 'demo-service-job-plumbing',
    title: 'Set up payroll for Reid Plumbing',
    kind: 'set-up',
    description: 'Six employees on weekly pay, with super and leave balances carried over.',
    clientName: 'Reid Plumbing',
    clientEmail: 'accounts@reid-plumbing.example',
    steps: [] as const,
  },
  {
    key: 'demo-service-job-florist',
    title: 'Set up inventory for Bloom Florists',
    kind: 'set-up',
    description: 'Stock items and suppliers for two shops, with a first stock count.',
    clientName: 'Bloom Florists',
    clientEmail: 'accounts@bloom-florists.example',
    steps: ['accept', 'start'] as const,
  },
  {
    key: 'demo-service-job-cafe',
    title: 'Migrate Harbour Café from another product',
    kind: 'migration',
    description: 'Books, bank rules and contacts from the café’s old accounting product.',
    clientName: 'Harbour Café',
    clientEmail: 'accounts@harbour-cafe.example',
    steps: ['accept', 'start', 'complete'] as const,
  },
];

/**
 * The demo's managed-service jobs, played through the same steps a practice takes: two on
 * offer, one Priya's practice is working on, and one it finished, which the client rated.
 * Runs after the demo practices; a second start finds the jobs and does nothing.
 */
export async function seedDemoServiceJobs(
  db: Kysely<Database>,
  issuer: string,
  links: RatingLinks,
  now: Date = new Date(),
): Promise<void> {
  const first = stableRecordId('partnerServiceJob', DEMO_JOBS[0]!.key);
  if (await repository.findServiceJob(db, first)) return;
  const priya = await findUserBySubject(db, issuer, 'demo-partner-primary');
  for (const [index, job] of DEMO_JOBS.entries()) {
    const offeredAt = new Date(now.getTime() - (20 - index * 3) * DAY);
    const id = await offerServiceJob(db, {
      id: stableRecordId('partnerServiceJob', job.key),
      title: job.title,
      kind: job.kind,
      description: job.description,
      clientName: job.clientName,
      clientEmail: job.clientEmail,
      at: offeredAt,
    });
    if (priya === undefined) continue;
    for (const [position, step] of job.steps.entries()) {
      await takeServiceJobStep(db, {
        userId: priya.id,
        jobId: id,
        step,
        notes: 'Books, bank rules and contacts moved over; opening balances agreed with the owner.',
        at: new Date(offeredAt.getTime() + (position + 1) * DAY),
        links,
      });
    }
    if (job.steps.length === 3) {
      await rateServiceJob(db, {
        key: links.key,
        jobId: id,
        signature: new URL(ratingUrl(links, id)).searchParams.get('rating') ?? '',
        stars: '5',
        comment: 'Everything was ready on Monday morning, as promised.',
        at: new Date(offeredAt.getTime() + 5 * DAY),
      });
    }
  }
}
