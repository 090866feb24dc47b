import type { FastifyInstance } from 'fastify';
import { buildPortalServer, type PortalServerOptions } from './app.ts';
import {
  seedDemoCasesAfterContent,
  seedDemoData,
  seedDemoInsightOnFirstStart,
} from './demo/seed.ts';
import { startInboundSmtp, type InboundSmtp } from '~server/modules/cases';
import { importCommunityOnFirstStart } from '~server/modules/community';
import { importContentOnFirstStart } from '~server/modules/content';
import { importLearningOnFirstStart } from '~server/modules/learning';
import { indexResourceLibrary } from '~server/modules/partners';
import { openPageChanges, recordInstallation } from '~server/modules/site';
import { runBackgroundJobs, type RunningJobs } from './worker.ts';

export interface ServingPortal {
  app: FastifyInstance;
  /**
   * The first step of a graceful stop: `/ready` answers 503 and connections are not kept
   * alive, while requests are still served for `drainMs` so the load balancer can move on.
   */
  drain(drainMs: number): Promise<void>;
  /**
   * Stops taking requests, lets those in flight and the running job finish; the database stays
   * open for its owner to close.
   */
  stop(): Promise<void>;
}

export interface ServingOptions extends PortalServerOptions {
  /** Run the background jobs here too (the embedded default), or leave them to workers. */
  runsJobs: boolean;
}

/**
 * Everything a web process does from an open, migrated database to listening: the first-start
 * imports and demo accounts, the server, and the background jobs when
 * they are this process's work.
 * `npm start` runs it, and the browser suites run it in their own process to drive its clock.
 */
export async function startServingPortal(options: ServingOptions): Promise<ServingPortal> {
  const { config, database } = options;
  await recordInstallation(database.db);
  if (config.signIn.builtInProvider) await seedDemoData(database, config);

  // One for the server and the jobs of this process: a job's change reaches this cache too.
  const pageChanges = options.pageChanges ?? openPageChanges(database, console.error);
  const app = await buildPortalServer({ ...options, pageChanges });
  const log = {
    info: (line: string) => app.log.info(line),
    error: (line: string) => app.log.error(line),
  };
  const pagesChanged = () => void pageChanges.announce();
  let jobs: RunningJobs | undefined;
  let inboundSmtp: InboundSmtp | undefined;
  // A start that fails part-way (the database going away mid-import) leaves nothing running,
  // so the caller can try the whole start again.
  try {
    await importContentOnFirstStart(database.db, config, log);
    await importLearningOnFirstStart(database.db, config, log);
    await importCommunityOnFirstStart(database.db, config, log);
    await indexResourceLibrary(database.db);
    if (config.signIn.builtInProvider) {
      await seedDemoCasesAfterContent(database, config, options.clock);
      if (config.demoInsight)
        await seedDemoInsightOnFirstStart(database, config, log, options.clock);
    }
    if (options.runsJobs) {
      jobs = await runBackgroundJobs(config, database, log, options.clock, pagesChanged);
    }
    await app.listen({ port: config.port, host: config.host });
    inboundSmtp = await startInboundSmtp(config, database, log, options.clock);
  } catch (error) {
    await inboundSmtp?.close();
    await jobs?.stop();
    await app.close();
    await pageChanges.close();
    throw error;
  }
  app.log.info(`${config.brand} help portal is running at ${config.siteUrl} (${database.dialect})`);
  return {
    app,
    async drain(drainMs) {
      app.draining = true;
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    },
    async stop() {
      await inboundSmtp?.close();
      await app.close();
      await jobs?.stop();
      await pageChanges.close();
    },
  };
}
