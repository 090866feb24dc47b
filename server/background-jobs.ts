import { carryOutDueAccountDeletions } from './account-erasure.ts';
import { sendCommunityDigest } from './community-digest.ts';
import type { Clock } from './clock.ts';
import type { PortalConfig } from './config.ts';
import type { PortalDatabase } from './db/database.ts';
import { closeSolvedCases, retrainCaseClassifiers, sweepLapsedDrafts } from '~server/modules/cases';
import { purgeExpiredCodes, sendCallReminders } from '~server/modules/contact';
import { purgeExpiredSignIns } from '~server/modules/identity';
import { rollUpPending, sendInsightDigests } from '~server/modules/insight';
import type { JobDefinition, JobLog } from '~server/modules/jobs';
import { syncCatalogueFrom } from '~server/modules/learning';
import { mailDelivery } from '~server/modules/mail';
import { expireLapsedPoints } from '~server/modules/partners';
import { preferenceLinks } from '~server/modules/privacy';
import { purgeRateLimitWindows } from '~server/modules/site';

/** How often the outbox is looked at: the longest a queued mail waits before it is sent. */
export const MAIL_DELIVERY_SECONDS = 5;

export interface BackgroundJobs {
  definitions: JobDefinition[];
  /** Closes what the jobs hold open (the SMTP connection). */
  close(): void;
}

const MAIL_DELIVERY = 'mail.deliver';
const HOUSEKEEPING = 'site.housekeeping';
const LEARNING_SYNC = 'learning.sync';
const ACCOUNT_DELETION = 'privacy.account-deletion';
const COMMUNITY_DIGEST = 'community.digest';
const CALL_REMINDERS = 'contact.call-reminders';
/** How often booked calls are looked at for their reminder a day before. */
const CALL_REMINDER_SECONDS = 5 * 60;
const CLASSIFIER_TRAINING = 'cases.train-classifier';
const INSIGHT_ROLLUP = 'insight.rollup';
const INSIGHT_DIGEST = 'insight.digest';
/** How often the day's events are rolled up: how far behind the dashboards may be. */
const INSIGHT_ROLLUP_SECONDS = 15 * 60;

/** The kinds of background job this configuration runs, as the staff's list names them. */
export function backgroundJobNames(config: PortalConfig): string[] {
  return [
    MAIL_DELIVERY,
    HOUSEKEEPING,
    ACCOUNT_DELETION,
    COMMUNITY_DIGEST,
    CALL_REMINDERS,
    CLASSIFIER_TRAINING,
    INSIGHT_ROLLUP,
    INSIGHT_DIGEST,
    ...(config.learningSync ? [LEARNING_SYNC] : []),
  ];
}

/**
 * The portal's background work, defined once for every kind of process: web processes queue
 * it, workers (or the single process of the embedded default) run it.
 */
export function backgroundJobs(
  config: PortalConfig,
  database: PortalDatabase,
  clock: Clock,
  log: JobLog,
  /** Told when a job changed what guests' pages show. */
  pagesChanged: () => void = () => {},
): BackgroundJobs {
  const { db } = database;
  const mail = mailDelivery(db, config, clock);
  const links = preferenceLinks(config.sessionSecret);
  const definitions: JobDefinition[] = [
    {
      name: MAIL_DELIVERY,
      everySeconds: MAIL_DELIVERY_SECONDS,
      // Each message keeps its own attempts and backoff in the outbox (docs/mail.md); a failed
      // round is simply the next period's round.
      retryLimit: 0,
      retryDelaySeconds: MAIL_DELIVERY_SECONDS,
      expireInSeconds: 5 * 60,
      keepCompletedSeconds: 10 * 60,
      async run() {
        // Batch after batch until nothing is due, within the period: a burst of mail (a
        // popular discussion answered) goes out at once instead of one batch per period.
        const until = Date.now() + MAIL_DELIVERY_SECONDS * 1000;
        let sent = 0;
        let failed = 0;
        for (;;) {
          const round = await mail.deliverDue();
          sent += round.sent;
          failed += round.failed;
          if (round.sent + round.failed === 0 || Date.now() >= until) break;
        }
        if (sent > 0) log.info(`Mail: ${sent} sent`);
        if (failed > 0) {
          throw new Error(
            `${failed} of ${sent + failed} messages failed; each is tried again later`,
          );
        }
      },
    },
    {
      name: HOUSEKEEPING,
      everySeconds: 60 * 60,
      retryLimit: 3,
      retryDelaySeconds: 60,
      expireInSeconds: 10 * 60,
      keepCompletedSeconds: 7 * 24 * 60 * 60,
      async run() {
        const now = clock.now();
        await purgeExpiredSignIns(db, now);
        await purgeRateLimitWindows(db, now.getTime());
        // Contact codes past their minutes and proofs past theirs; within the hour is enough.
        await purgeExpiredCodes(db, now);
        // Solved cases close 14 days after solving (docs/cases.md); within the hour is enough.
        const closed = await closeSolvedCases(db, now);
        if (closed > 0) log.info(`Cases: ${closed} closed 14 days after solving`);
        // Files chosen in a raise flow nobody submitted go a day after the draft last changed.
        const swept = await sweepLapsedDrafts(db, config.caseAttachmentsDir, now);
        if (swept > 0) log.info(`Cases: ${swept} unsent draft files removed`);
        // Partner points lapse on their day; within the hour is enough (docs/partner-programme.md).
        const expired = await expireLapsedPoints(db, now);
        if (expired > 0) log.info(`Partner programme: ${expired} points expired`);
      },
    },
    {
      name: ACCOUNT_DELETION,
      everySeconds: 60 * 60,
      retryLimit: 3,
      retryDelaySeconds: 60,
      expireInSeconds: 10 * 60,
      keepCompletedSeconds: 7 * 24 * 60 * 60,
      async run() {
        // Confirmed deletions past their grace period (docs/privacy.md); within the hour.
        const erased = await carryOutDueAccountDeletions(db, clock.now());
        if (erased > 0) {
          log.info(`Privacy: ${erased} account${erased === 1 ? '' : 's'} deleted`);
          // The deleted members' names leave the community pages guests are shown.
          pagesChanged();
        }
      },
    },
    {
      // Looked at hourly (pg-boss throttles no longer than its archive interval); each address
      // gets one digest a week, keyed by the week, so the first run of a week sends it.
      name: COMMUNITY_DIGEST,
      everySeconds: 60 * 60,
      retryLimit: 3,
      retryDelaySeconds: 5 * 60,
      expireInSeconds: 30 * 60,
      keepCompletedSeconds: 30 * 24 * 60 * 60,
      async run() {
        const queued = await sendCommunityDigest(db, config, links, clock.now());
        if (queued > 0) log.info(`Community digest: ${queued} queued`);
      },
    },
    {
      name: CALL_REMINDERS,
      everySeconds: CALL_REMINDER_SECONDS,
      retryLimit: 3,
      retryDelaySeconds: 60,
      expireInSeconds: 5 * 60,
      keepCompletedSeconds: 60 * 60,
      async run() {
        // Each call's reminder is claimed before it is queued, so a rerun never mails twice.
        const sent = await sendCallReminders({ db, now: clock.now(), siteUrl: config.siteUrl });
        if (sent > 0) log.info(`Contact: ${sent} call reminders queued`);
      },
    },
    {
      // The raise flow's proposals learn from the cases solved since (docs/cases.md); the first
      // run comes right after a start, so a new portal proposes from its help articles. Hourly:
      // pg-boss throttles no longer than its archive interval, and a training takes seconds.
      name: CLASSIFIER_TRAINING,
      everySeconds: 60 * 60,
      retryLimit: 3,
      retryDelaySeconds: 5 * 60,
      expireInSeconds: 30 * 60,
      keepCompletedSeconds: 7 * 24 * 60 * 60,
      async run() {
        const examples = await retrainCaseClassifiers(db, clock.now());
        log.info(`Case classifier trained on ${JSON.stringify(examples)} examples`);
      },
    },
    {
      // Rolls today and the two days before up again each time (late clicks and answers land
      // on their search's day), then deletes raw events past the retention (docs/insight.md).
      name: INSIGHT_ROLLUP,
      everySeconds: INSIGHT_ROLLUP_SECONDS,
      retryLimit: 3,
      retryDelaySeconds: 60,
      expireInSeconds: 15 * 60,
      keepCompletedSeconds: 24 * 60 * 60,
      async run() {
        const done = await rollUpPending(db, clock.now(), {
          retentionDays: config.insightRetentionDays,
        });
        if (done.deleted > 0)
          log.info(`Insight: ${done.deleted} raw events past the retention deleted`);
      },
    },
    {
      // Hourly, like the community digest: the first run of a week queues it, once per admin.
      name: INSIGHT_DIGEST,
      everySeconds: 60 * 60,
      retryLimit: 3,
      retryDelaySeconds: 5 * 60,
      expireInSeconds: 30 * 60,
      keepCompletedSeconds: 30 * 24 * 60 * 60,
      async run() {
        const queued = await sendInsightDigests(db, config, clock.now());
        if (queued > 0) log.info(`Insight digest: ${queued} queued`);
      },
    },
  ];
  if (config.learningSync) {
    const { source, minutes } = config.learningSync;
    definitions.push({
      name: LEARNING_SYNC,
      everySeconds: minutes * 60,
      retryLimit: 5,
      retryDelaySeconds: 60,
      expireInSeconds: 30 * 60,
      keepCompletedSeconds: 7 * 24 * 60 * 60,
      async run() {
        log.info(`Learning sync: ${await syncCatalogueFrom(db, source, config)}`);
        pagesChanged();
      },
    });
  }
  log.info(`Mail is delivered to ${mail.description}`);
  return { definitions, close: () => mail.close() };
}
