import type { PortalConfig } from '../config.ts';
import type { PortalDatabase } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import type { PracticeMarket } from '~core/practices';
import { seedDemoCases } from '~server/modules/cases';
import { builtInIssuer, findUserBySubject, seedDemoUsers } from '~server/modules/identity';
import {
  seedDemoPartnerProgramme,
  seedDemoServiceJobs,
  serviceJobRatingKey,
} from '~server/modules/partners';
import { findManagedPractice, seedDemoPractices } from '~server/modules/practices';
import { seedDemoInsight } from '~server/modules/insight';
import { seedDemoPrivacy } from '~server/modules/privacy';
import { seedDemoSubscriptions } from '~server/modules/subscriptions';

/**
 * The demo data of the embedded default, written at start while the built-in sign-in is on, so
 * each demo account's data is there before its first sign-in. Every step is safe to repeat.
 */
export async function seedDemoData(database: PortalDatabase, config: PortalConfig): Promise<void> {
  await seedDemoUsers(database.db, builtInIssuer(config.siteUrl));
  await seedDemoPartnerProgramme(database.db, builtInIssuer(config.siteUrl));
  await seedDemoPrivacy(database.db, builtInIssuer(config.siteUrl));
  await seedDemoPractices(database.db, builtInIssuer(config.siteUrl));
  // The service jobs' demo needs the practices: one of them takes and finishes jobs.
  await seedDemoServiceJobs(database.db, builtInIssuer(config.siteUrl), {
    key: serviceJobRatingKey(config),
    siteUrl: config.siteUrl,
  });
  await seedDemoSubscriptions(
    database.db,
    builtInIssuer(config.siteUrl),
    await demoPractice(database, builtInIssuer(config.siteUrl)),
    new Date(),
  );
}

/** The demo partner Priya Raman's practice, which buys for the demo clients. */
async function demoPractice(database: PortalDatabase, issuer: string) {
  const priya = await findUserBySubject(database.db, issuer, 'demo-partner-primary');
  const managed = priya ? await findManagedPractice(database, priya.id) : undefined;
  if (!managed) return undefined;
  const { id, name, market, tier } = managed.practice;
  return { id, name, market: market as PracticeMarket, tier };
}

/** The demo support cases, filed under help topics: written after the content import. */
export async function seedDemoCasesAfterContent(
  database: PortalDatabase,
  config: PortalConfig,
  clock?: Clock,
): Promise<void> {
  await seedDemoCases(
    database.db,
    builtInIssuer(config.siteUrl),
    clock?.now(),
    config.caseAttachmentsDir,
  );
}

/**
 * A month of the demo's insight events, rolled up, on a first start after the content import:
 * the dashboards show figures from the start. Skipped once any day was rolled up.
 */
export async function seedDemoInsightOnFirstStart(
  database: PortalDatabase,
  config: PortalConfig,
  log: { info(line: string): void },
  clock?: Clock,
): Promise<void> {
  const outcome = await seedDemoInsight(database, config, clock?.now());
  if (outcome) {
    log.info(
      `Demo insight: ${outcome.searches} searches, ${outcome.answers} answers, ${outcome.visits} contact visits, ${outcome.views} content views and ${outcome.votes} votes over the last month`,
    );
  }
}
