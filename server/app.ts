import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { createRouteContract } from '~core/routes';
import { systemClock, type Clock } from './clock.ts';
import { publicConfig, type PortalConfig } from './config.ts';
import type { PortalDatabase } from './db/database.ts';
import { registerGateway } from './gateway/gateway.routes.ts';
import { databaseFaultAnswer, databaseFaultsOfLoaders } from './http/database-faults.ts';
import { frameworkErrors, registerErrorHandler } from './http/errors.ts';
import { BODY_LIMITS } from './http/body-limits.ts';
import { registerCachePolicy } from './http/cache-policy.ts';
import { registerCompression } from './http/compression.ts';
import { guestPages } from './http/guest-pages.ts';
import { portalStatusReader } from './portal-status.ts';
import { registerHealthCheck } from './http/health.ts';
import { registerMediaDelivery } from './http/media.ts';
import { mountReactRouter } from './http/react-router.ts';
import { applyRouteRules } from './http/route-rules.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { refuseEncodedBodies } from './http/request-bodies.ts';
import { registerSeoProperties } from './http/seo.ts';
import { shareRateLimits } from './http/shared-rate-limits.ts';
import { registerSitemap } from './http/sitemap.ts';
import { ICON_SPRITE_URL, registerIconSprite } from './http/icon-sprite.ts';
import { registerStaticAssets } from './http/static-assets.ts';
import { attachViteDevServer } from './http/vite-dev.ts';
import { CSRF_FIELD, registerCsrfProtection, verifyCsrfToken } from './http/csrf.ts';
import { registerSessions, sessionEndsAt } from './http/session.ts';
import { registerSignIn } from './http/sign-in.ts';
import { BUILT_IN_PROVIDER_PATH, derivedKey } from '~server/modules/identity';
import { registerAnalyticsRoutes } from '~server/modules/analytics';
import { contentForSearch } from '~server/modules/content';
import { registerSearchRoutes, searchProviderFor } from '~server/modules/search';
import { unsubscribeByToken } from '~server/modules/community';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from '~core/consent';
import { PARTNER_ADMIN_PATHS } from '~core/partner';
import { preferenceLinks, registerPrivacyRoutes } from '~server/modules/privacy';
import { registerAnswerRoutes } from '~server/modules/answers';
import { registerHeadlessProtocolRoutes } from '~server/modules/headless-protocol';
import { HEADLESS_PROTOCOL_BASE } from '~core/headless-protocol';
import {
  caseFollowKey,
  caseReplySettings,
  INBOUND_MAIL_PATH,
  registerCaseProposalRoutes,
  registerInboundMailRoutes,
  takesCaseFiles,
} from '~server/modules/cases';
import { LEARNING_WEBHOOK_PATH, registerLearningRoutes } from '~server/modules/learning';
import { creditCertification, serviceJobRatingKey } from '~server/modules/partners';
import { subscriptionLinks } from '~server/modules/subscriptions';
import { listJobs, type JobListFilter } from '~server/modules/jobs';
import {
  loadAccountQuestions,
  loadContactSettings,
  openChatNews,
  registerChatRoutes,
} from '~server/modules/contact';
import { backgroundJobNames } from './background-jobs.ts';
import { serveInArrivalOrder } from './http/arrival-order.ts';
import { openPageChanges, type PageChanges } from '~server/modules/site';

export interface PortalServerOptions {
  config: PortalConfig;
  database: PortalDatabase;
  /** Where `npm run build` put the React Router build; the dev server uses Vite instead. */
  buildDir?: string;
  dev?: boolean;
  /** What every time rule reads (sessions, tokens, due dates); tests pass one they can move. */
  clock?: Clock;
  /** Where this process hears (and tells) that content changed; opened here when not given. */
  pageChanges?: PageChanges;
}

async function loadServerBuild(buildDir: string): Promise<ServerBuild> {
  const entry = resolve(buildDir, 'server', 'index.js');
  try {
    return (await import(pathToFileURL(entry).href)) as ServerBuild;
  } catch (error) {
    throw new Error(`No server build at ${entry}: run "npm run build" first`, { cause: error });
  }
}

export async function buildPortalServer(options: PortalServerOptions): Promise<FastifyInstance> {
  const { config, database, clock = systemClock } = options;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    frameworkErrors: frameworkErrors(config.brand),
    // Routes that need more (or less) say so themselves; see server/http/body-limits.ts.
    bodyLimit: BODY_LIMITS.jsonApi,
  });
  const contract = createRouteContract({
    product: config.product,
    siteUrl: config.siteUrl,
    log: (message, pageKey) => app.log.warn({ pageKey }, message),
  });
  const browserConfig = publicConfig(config);
  const secureSite = config.siteUrl.startsWith('https:');
  const pageChanges =
    options.pageChanges ?? openPageChanges(database, (line) => app.log.warn(line));
  if (options.pageChanges === undefined) app.addHook('onClose', () => pageChanges.close());
  const chatNews = openChatNews(database, (line) => app.log.warn(line));
  app.addHook('onClose', () => chatNews.close());
  const guests = guestPages({
    prefix: config.prefix,
    freshSeconds: options.dev ? 0 : config.guestPageCache.freshSeconds,
    staleSeconds: config.guestPageCache.staleSeconds,
    maxBytes: config.guestPageCache.maxBytes,
    nowMs: () => clock.nowMs(),
  });
  pageChanges.subscribe(() => guests.invalidate());

  serveInArrivalOrder(app);
  shareRateLimits(app, config, database, clock);
  registerErrorHandler(app, databaseFaultAnswer(config.brand));
  refuseEncodedBodies(app);
  // Before any route: compression applies to the routes registered after it.
  await registerCompression(app);
  registerCachePolicy(app);
  await registerSecurityHeaders(app, { enforcePolicy: !options.dev, secureSite });
  // Sessions and CSRF first: their hooks must cover every route registered after them.
  await registerSessions(app, { config, database, clock });
  registerCsrfProtection(app, {
    config,
    // One-click unsubscribe links carry their own authority (RFC 8058: a bare POST).
    exemptPrefixes: [
      `${BUILT_IN_PROVIDER_PATH}/`,
      LEARNING_WEBHOOK_PATH,
      INBOUND_MAIL_PATH,
      ONE_CLICK_UNSUBSCRIBE_PATH,
      // The search library's requests carry a search token, which a cross-site page cannot get.
      `${HEADLESS_PROTOCOL_BASE}/`,
    ],
  });
  await registerSignIn(app, {
    config,
    database,
    clock,
    homePath: contract.path('home') ?? '/0/',
  });
  registerHealthCheck(app, database);
  registerMediaDelivery(app, database);
  registerIconSprite(app);
  registerSeoProperties(app, database, contract);
  registerSitemap(app, database, contract, config.siteUrl);
  await registerGateway(app, { config, database, clock });

  // The built server is handed over as the object itself: a function would be called and awaited
  // on every request. Only the dev server's build changes between requests.
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (options.dev) {
    build = await attachViteDevServer(app);
  } else {
    const buildDir = options.buildDir ?? 'build';
    const serverBuild = await loadServerBuild(buildDir);
    await registerStaticAssets(app, resolve(buildDir, 'client'));
    build = serverBuild;
  }

  await registerAnalyticsRoutes(app, {
    database,
    verifyCsrfToken,
    clock,
    prefix: config.prefix,
  });
  const links = preferenceLinks(config.sessionSecret);
  await registerPrivacyRoutes(app, {
    database,
    clock,
    links,
    siteUrl: config.siteUrl,
    pageUrl: `${config.siteUrl}${contract.path('consentAndPreferences') ?? ''}`,
    brand: config.brand,
    unfollow: async (token) => (await unsubscribeByToken(database.db, token)) !== undefined,
    unfollowPageUrl: (token) =>
      `${config.siteUrl}${contract.path('unsubscribeTopic') ?? ''}?token=${encodeURIComponent(token)}`,
  });
  await registerSearchRoutes(app, { config, database, clock, content: contentForSearch });
  await registerAnswerRoutes(app, { config, database, clock });
  await registerHeadlessProtocolRoutes(app, { config, database, clock, content: contentForSearch });
  await registerInboundMailRoutes(app, { config, database, clock });
  await registerCaseProposalRoutes(app, { database, clock });
  const caseFollow = caseFollowKey(config);
  const contactCodeKey = derivedKey(config.sessionSecret, 'contact-email-code');
  await registerChatRoutes(app, {
    config,
    news: chatNews,
    db: database.db,
    clock,
    codeKey: contactCodeKey,
    followKey: caseFollow,
  });
  await registerLearningRoutes(app, {
    config,
    database,
    clock,
    pagesChanged: () => void pageChanges.announce(),
    certificationPassed: (trx, certification) =>
      creditCertification(trx, certification, clock.now()),
  });

  // The provider the search API uses, for pages that search on the server (case deflection).
  const search = searchProviderFor(database, config);
  const contactSettings = loadContactSettings(config.contactSettingsFile);
  const caseReplies = caseReplySettings(config);
  const ratingKey = serviceJobRatingKey(config);
  const subscriptionSigner = subscriptionLinks(config.sessionSecret);
  const accountQuestions = loadAccountQuestions(config.contactSettingsFile);
  const jobs = {
    list: (filter: JobListFilter) => listJobs(database, filter),
    kinds: backgroundJobNames(config),
  };
  const portalStatus = portalStatusReader(database, config);
  await mountReactRouter(app, {
    build,
    mode: options.dev ? 'development' : 'production',
    loadContext: (request) => ({
      config: browserConfig,
      iconSprite: ICON_SPRITE_URL,
      nonce: request.cspNonce,
      db: database.db,
      clock,
      viewer: request.viewer,
      visitorAddress: request.ip,
      sessionExpiresAt: sessionEndsAt(request.portalSession),
      // A guest's page may be shared with other guests, so it carries no token (decision 021).
      csrfToken: request.portalSession ? request.csrfToken() : '',
      verifyCsrf: (form: FormData) => verifyCsrfToken(request, form.get(CSRF_FIELD)),
      signIn: request.signIn,
      jobs,
      portalStatus,
      showsBlockGallery: config.nodeEnv !== 'production',
      search,
      preferenceLinks: links,
      accountDeletionGraceDays: config.accountDeletionGraceDays,
      insightStaleAfterDays: config.insightStaleAfterDays,
      contactSettings,
      chatNews,
      caseReplies,
      caseFollowKey: caseFollow,
      caseAttachmentsDir: config.caseAttachmentsDir,
      contactCodeKey,
      serviceJobRatingKey: ratingKey,
      subscriptionLinks: subscriptionSigner,
      accountQuestions,
      networkAddress: request.ip,
    }),
    before: (request, reply) => applyRouteRules(contract, request, reply),
    ownErrors: databaseFaultsOfLoaders(config.brand),
    guestPages: guests,
    pagesChanged: () => void pageChanges.announce(),
    uploads: {
      // A guest's files would wait on disk only for the page to send them to sign in, and only
      // admins upload a partner resource's file (anyone else's form is refused there anyway).
      takesFiles: (pathname, request) =>
        !request.viewer.isGuest &&
        (takesCaseFiles(pathname) ||
          (pathname === PARTNER_ADMIN_PATHS.resources && request.viewer.user.canViewSetup)),
      dir: join(config.caseAttachmentsDir, 'incoming'),
    },
  });
  return app;
}
