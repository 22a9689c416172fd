import '../domain/zod-fr';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { embeddedSnapshots } from './db/backup/snapshots';
import type { Database } from './db/client';
import { createReaderPages } from './db/reader-cache';
import { type LogStream, loggerOptions } from './logging';
import { mailJobHandlers } from './mail/mail.job';
import { createMailer } from './mail/mailer';
import { accountRoutes } from './modules/account/account.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { createApiTokens } from './modules/auth/api-tokens';
import { apiTokensRoutes } from './modules/auth/api-tokens.routes';
import { createAuth } from './modules/auth/auth';
import { authJobHandlers } from './modules/auth/auth.jobs';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { emailVerificationRoutes } from './modules/auth/email-verification.routes';
import { passwordChangeRoutes } from './modules/auth/password-change.routes';
import type { ScryptCost } from './modules/auth/password-hash';
import { SESSIONS_CHANNEL } from './modules/auth/session-reader';
import { avatarsRoutes } from './modules/avatars/avatars.routes';
import { blogRoutes } from './modules/blog/blog.routes';
import { createBookLookup } from './modules/book-lookup';
import { bookRequestsRoutes } from './modules/book-requests/book-requests.routes';
import { createBookRequestsService } from './modules/book-requests/book-requests.service';
import { adminBooksRoutes } from './modules/books/admin-books.routes';
import { adminExportsRoutes } from './modules/books/admin-exports.routes';
import { adminQuestionsRoutes } from './modules/books/admin-questions.routes';
import { booksRoutes } from './modules/books/books.routes';
import { CATALOGUE_CHANNEL, createCatalogueCache } from './modules/books/catalogue-cache';
import { chatRoomGuard } from './modules/chat/chat.live';
import { chatRoutes } from './modules/chat/chat.routes';
import { CIRCLE_FINISHED, circleBadgeJobs } from './modules/circles/circle-badges';
import { circleReminderSchedule } from './modules/circles/circle-reminders';
import { circlesRoutes } from './modules/circles/circles.routes';
import { createCirclesService } from './modules/circles/circles.service';
import { communityRoutes } from './modules/community/community.routes';
import { discoverRoutes } from './modules/community/discover.routes';
import { createFeedCache, feedChange } from './modules/community/feed-cache';
import {
  createQuestionProposalsService,
  createQuestionQuality,
  createReaderBooksService,
  questionProposalsRoutes,
  readerBooksRoutes,
} from './modules/contributions';
import { autoCoversRoutes } from './modules/covers/auto-covers.routes';
import { coverAuditRoutes } from './modules/covers/cover-audit.routes';
import { createCoverBatchRunner } from './modules/covers/cover-batch.runner';
import { coverUploadRoutes } from './modules/covers/cover-upload.routes';
import { coversRoutes } from './modules/covers/covers.routes';
import { discussionRoomGuard } from './modules/discussions/discussions.live';
import { discussionsRoutes } from './modules/discussions/discussions.routes';
import { friendSchedules } from './modules/friends/friends.jobs';
import { friendsRoutes } from './modules/friends/friends.routes';
import { healthRoutes } from './modules/health/health.routes';
import { insightsRoutes } from './modules/insights/insights.routes';
import { startJobWorker } from './modules/jobs/jobs.worker';
import { PARIS } from './modules/jobs/schedule-instant';
import { deviceReading } from './modules/kosync';
import { kosyncProtocolRoutes } from './modules/kosync/kosync.protocol.routes';
import { kosyncRoutes } from './modules/kosync/kosync.routes';
import { liveSchedules } from './modules/live/live.jobs';
import { liveRoutes } from './modules/live/live.routes';
import { addressesOf } from './modules/notifications/digest-mail';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { streakSchedules } from './modules/notifications/streak-messages';
import { unsubscribeRoutes } from './modules/notifications/unsubscribe.routes';
import { weeklyDigest } from './modules/notifications/weekly-digest';
import { registerPages } from './modules/pages/pages.routes';
import type { SsrEntry } from './modules/pages/public-pages';
import { builtShellManifest } from './modules/pages/shell-manifest';
import { premiumRoutes, stripeWebhookRoutes } from './modules/premium/premium.routes';
import { createPremiumService } from './modules/premium/premium.service';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { createRateLimitsRepository } from './modules/rate-limits/rate-limits.repository';
import { registerRouteRateLimits } from './modules/rate-limits/route-limits';
import { bookPageRoutes } from './modules/reading/book-page.routes';
import { bookReaders } from './modules/reading/book-readers';
import { readingRoutes } from './modules/reading/reading.routes';
import { createReminders } from './modules/reminders/reminders.module';
import { remindersRoutes } from './modules/reminders/reminders.routes';
import { rewardsRoutes } from './modules/rewards/rewards.routes';
import { deployWebhookRoutes } from './modules/settings/deploy-webhook.routes';
import { getOrCreateSetting, randomSecret } from './modules/settings/settings.repository';
import { validationRoutes } from './modules/validation/validation.routes';
import { clientDistDir } from './paths';
import { registerAuth } from './plugins/auth';
import { canonicalUrl } from './plugins/canonical-url';
import { registerClient } from './plugins/client';
import { registerDraining } from './plugins/draining';
import { registerErrorHandler, routerErrorHandler } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerOriginCheck } from './plugins/origin-check';
import { responseSerializer } from './plugins/response-serializer';
import { registerSecurity } from './plugins/security';

export type AppOptions = {
  config: Config;
  database: Database;
  /** Folder of the built client; tests point it elsewhere. */
  clientDir?: string;
  /** Where log lines go instead of stdout; tests read them. */
  logStream?: LogStream;
  /** The client's server render; the build beside clientDir (dist/server) by default. */
  ssrEntry?: () => Promise<SsrEntry>;
  /**
   * Tests only: a cheaper scrypt for readers' passwords (decision 043), as Django advises for
   * test suites. Deliberately not a setting: nothing an operator writes can lower it.
   */
  passwordCost?: ScryptCost;
};

/** Builds the whole server (plugins, modules, client) on a migrated database, without listening. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const { db } = database;
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // On close, idle keep-alive sockets are dropped at once; busy ones finish their request.
    forceCloseConnections: 'idle',
    frameworkErrors: routerErrorHandler,
    // One path for the router and every hook: `/%61pi/x` is `/api/x` (plugins/canonical-url.ts).
    rewriteUrl: canonicalUrl,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ validate: config.env !== 'production' }));
  registerErrorHandler(app);
  registerInputGuard(app);
  registerDraining(app);
  const clientDir = options.clientDir ?? clientDistDir;
  // What the client build says of itself (decision 037), read once: the hashes of its inline
  // scripts for the CSP, and what rendered pages are made of. Null when it is not built.
  const shell = builtShellManifest(clientDir);
  await registerSecurity(app, {
    production: config.env === 'production',
    inlineScripts: shell?.inlineScripts ?? [],
  });
  registerOriginCheck(app, { publicUrl: config.publicUrl });
  await registerOpenApi(app, { publicUrl: config.publicUrl }); // before the routes: it sees them as they are added
  // Every route that changes something declares its limit (config.rateLimit), enforced here.
  const rateLimits = createRateLimitsRepository({ db });
  registerRouteRateLimits(app, { rateLimits });
  // GET /metrics for a scraper with METRICS_TOKEN, and every request's duration (decision 023).
  registerMetrics(app, {
    token: config.metricsToken,
    pool: database.pool,
    queueDepth: () => jobs.depth(),
  });

  const secret = config.authSecret ?? (await getOrCreateSetting(db, 'auth_secret', randomSecret));
  const mailer = createMailer(config.mail, app.log);
  app.addHook('onClose', async () => mailer.close());
  // Verification mails are queued (the queue starts below; the getter reads it when sending).
  const auth = createAuth({
    db,
    config,
    secret,
    mailer,
    queue: () => jobs,
    log: app.log,
    passwordCost: options.passwordCost,
  });
  app.addHook('onClose', await database.listen(SESSIONS_CHANNEL, auth.forgetSessions));
  await createAuthRepository({ db }).grantAdmins(config.adminEmails);

  // Personal API tokens act for their reader where a route's guard lets them (plugins/auth.ts).
  const apiTokens = createApiTokens({ db, rateLimits });
  await registerAuth(app, { auth, tokens: apiTokens.authenticate });
  // Work queued by any process (mail first) runs in whichever process claims it first; each
  // schedule's occurrence runs once across processes (pg-boss, decision 017).
  // Streak messages and the Monday digest, in Paris time; the digest mails by job (decision 020).
  const digest = weeklyDigest({
    db,
    mailer,
    secret,
    publicUrl: config.publicUrl,
    addressOf: addressesOf(auth),
    queue: () => jobs,
  });
  // The embedded server backs itself up: daily and on SIGUSR2 (decision 022).
  const snapshots =
    config.database.kind === 'pglite' && database.kind === 'pglite'
      ? embeddedSnapshots({
          database,
          dataDir: config.database.dataDir,
          backup: config.backup,
          log: app.log,
          timeZone: PARIS,
        })
      : null;
  // Premium comes only from Stripe's verified webhook (decision 027).
  const premium = createPremiumService({ db, config: config.premium });
  // Readers add missing books, filled from the open catalogue (decisions 042 and 044).
  const readerBooks = createReaderBooksService({
    db,
    lookup: createBookLookup({ config: config.bookLookup, publicUrl: config.publicUrl }),
    queue: () => jobs,
  });
  // Readers propose and review the questions of segments (decision 045).
  const proposals = createQuestionProposalsService({
    db,
    reviewerLevel: config.questionReviewerLevel,
  });
  // Questions that fail readers leave their pools (decision 047).
  const quality = createQuestionQuality({ db });
  // Web Push reading reminders at each reader's chosen hour (decision 032).
  const reminders = createReminders({ db, config, log: app.log });
  const jobs = await startJobWorker({
    database,
    handlers: {
      ...authJobHandlers(auth),
      ...digest.handlers,
      ...mailJobHandlers(mailer),
      ...readerBooks.jobHandlers,
      ...circleBadgeJobs({ db }),
    },
    schedules: [
      premium.expirySchedule(),
      ...liveSchedules({ db }),
      ...streakSchedules({ db }),
      // Friend streaks judged after Paris midnight (decision 055).
      ...friendSchedules({ db }),
      reminders.schedule,
      quality.schedule(),
      digest.schedule,
      // Reading circles: reminders behind the pace, badges of books finished together (056).
      circleReminderSchedule({ db, publicUrl: config.publicUrl, queue: () => jobs }),
      ...(snapshots?.schedules ?? []),
    ],
    log: app.log,
  });
  app.addHook('onClose', jobs.stop);
  if (snapshots) app.addHook('onClose', snapshots.listen());
  app.decorate('jobs', jobs); // tests run schedules at chosen instants (server/test/app.ts)
  // Readers' first feed pages: dropped by NOTIFY, and at once by this process's own writes.
  const feeds = createFeedCache();
  app.addHook('onClose', await feeds.listen(database.listen));
  const readerChanged = (readerId: string) => feeds.changed(feedChange.reader(readerId));
  // What each reader reads on every visit (decision 049): dropped by NOTIFY in every process
  // (their rows, or the catalogue), and by this process before it answers any write of
  // theirs, so their next request sees it.
  const pages = createReaderPages();
  app.addHook('onClose', await pages.listen(database.listen, [CATALOGUE_CHANNEL]));
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.reader && request.method !== 'GET' && request.method !== 'HEAD')
      pages.forget(request.reader.id);
    return payload;
  });

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, {
    db,
    auth,
    rateLimits,
    jobs,
    signUpPerHour: config.signUpRateLimit,
  });
  // The mailed confirmation link and Paramètres' status and resend.
  await app.register(emailVerificationRoutes, { db, auth, rateLimits });
  await app.register(profilesRoutes, { db, readerChanged });
  // The reader's account: password, deletion and export (decision 027).
  const accountOptions = { db, auth, jobs, publicUrl: config.publicUrl };
  await app.register(passwordChangeRoutes, accountOptions);
  await app.register(accountRoutes, accountOptions);
  await app.register(apiTokensRoutes, { tokens: apiTokens });
  await app.register(remindersRoutes, reminders.routeOptions);
  await app.register(premiumRoutes, { premium });
  await app.register(stripeWebhookRoutes, { premium });
  await app.register(bookRequestsRoutes, {
    requests: createBookRequestsService({ db, premium, jobs, publicUrl: config.publicUrl }),
  });
  await app.register(avatarsRoutes, { db, rateLimits, readerChanged });
  // The catalogue as every reader sees it, cleared by NOTIFY in every process: books serves
  // search and explore from it, reading the book page beside the reader's progress.
  const catalogue = createCatalogueCache();
  app.addHook('onClose', await catalogue.listen(database.listen));
  await app.register(booksRoutes, { db, cache: catalogue });
  await app.register(bookPageRoutes, {
    db,
    cache: catalogue,
    pages,
    // The page a KOReader device reached (decision 053): kosync depends on reading.
    deviceReading: (p) => deviceReading(db, p),
  });
  await app.register(readerBooksRoutes, { readerBooks, db });
  await app.register(questionProposalsRoutes, { proposals, quality, db });
  // Covers: their files, uploads, the auto-covers batch (any process may run it, one at a
  // time, decision 026) and the audit.
  const coverBatches = createCoverBatchRunner({ db, log: app.log });
  app.addHook('onClose', coverBatches.stop);
  await app.register(coversRoutes, { db });
  await app.register(coverUploadRoutes, { db });
  await app.register(autoCoversRoutes, { db, runner: coverBatches });
  await app.register(coverAuditRoutes, { db });
  app.addHook('onReady', async () => coverBatches.start());
  await app.register(readingRoutes, { db, pages });
  await app.register(validationRoutes, {
    db,
    config,
    rateLimits,
    activitiesWritten: (readerId) => feeds.changed(feedChange.activitiesOf(readerId)),
    // A finished book may be finished together in a reading circle (decision 056).
    bookFinished: async (finish) => {
      await jobs.enqueue(db, CIRCLE_FINISHED, finish, {
        singletonKey: `${finish.readerId}:${finish.bookId}`,
      });
    },
  });
  await app.register(rewardsRoutes, { db, pages });
  await app.register(insightsRoutes, { db, secret, pages });
  await app.register(communityRoutes, { db, feeds });
  await app.register(discoverRoutes, { db, feeds });
  // Friend streaks and the weekly friend quest (decision 055).
  await app.register(friendsRoutes, { db });
  await app.register(chatRoutes, { db, rateLimits });
  // Reading circles: private to their members, served uncached (decision 056).
  await app.register(circlesRoutes, { circles: createCirclesService({ db }) });
  await app.register(discussionsRoutes, { db, rateLimits });
  await app.register(notificationsRoutes, { db, pages });
  // KOReader's progress sync (decision 053): the protocol for devices under /kosync, and the
  // reader's device passwords and devices' books in Paramètres.
  await app.register(kosyncProtocolRoutes, { db, rateLimits, pages });
  await app.register(kosyncRoutes, { db, publicUrl: config.publicUrl });
  await app.register(unsubscribeRoutes, { db, secret });
  // One Server-Sent Events stream per tab, fed by NOTIFY from any process (decision 019).
  await app.register(liveRoutes, {
    db,
    listen: database.listen,
    rooms: { chat: chatRoomGuard(db), discussion: discussionRoomGuard(db) },
    heartbeatSeconds: config.liveHeartbeatSeconds,
    streamsPerAddress: config.liveStreamsPerAddress,
    // From the session cache (dropped by NOTIFY on any sign-out); what the cache cannot
    // decide (a session gone, expired or due for refresh) better-auth does.
    stillSignedIn: async (cookie) => {
      const fast = await auth.readSession(cookie);
      if (fast !== 'delegate') return fast !== null;
      return (await auth.api.getSession({ headers: new Headers({ cookie }) })) !== null;
    },
  });
  await app.register(auditRoutes, { db });
  // The back office's books (decision 025); whether readers have a book comes from reading.
  await app.register(adminBooksRoutes, { db, bookReaders });
  await app.register(adminQuestionsRoutes, { db });
  await app.register(adminExportsRoutes, { db });
  await app.register(deployWebhookRoutes, { db });
  await app.register(blogRoutes, { db, rateLimits });
  // Public pages as HTML, the sitemap and the blog's feed (decision 030).
  const renderPage = await registerPages(app, {
    db,
    listen: database.listen,
    publicUrl: config.publicUrl,
    clientDir,
    shell,
    entry: options.ssrEntry,
  });
  await registerClient(app, { clientDir, renderPage });
  return app;
}
