import '../domain/zod-fr';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { type LogStream, loggerOptions } from './logging';
import { createMailer } from './mail/mailer';
import { createAuth } from './modules/auth/auth';
import { authJobHandlers } from './modules/auth/auth.jobs';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { SESSIONS_CHANNEL } from './modules/auth/session-reader';
import { booksRoutes } from './modules/books/books.routes';
import { healthRoutes } from './modules/health/health.routes';
import { startJobWorker } from './modules/jobs/jobs.worker';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { createRateLimitsRepository } from './modules/rate-limits/rate-limits.repository';
import { createReadingRepository } from './modules/reading/reading.repository';
import { readingRoutes } from './modules/reading/reading.routes';
import { rewardsRoutes } from './modules/rewards/rewards.routes';
import { getOrCreateSetting, randomSecret } from './modules/settings/settings.repository';
import { validationRoutes } from './modules/validation/validation.routes';
import { clientDistDir } from './paths';
import { registerAuth } from './plugins/auth';
import { registerClient } from './plugins/client';
import { registerDraining } from './plugins/draining';
import { registerErrorHandler, routerErrorHandler } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
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
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ validate: config.env !== 'production' }));
  registerErrorHandler(app);
  registerInputGuard(app);
  registerDraining(app);
  await registerSecurity(app, { production: config.env === 'production' });
  registerOriginCheck(app, { publicUrl: config.publicUrl });
  await registerOpenApi(app); // before the routes: it sees them as they are added

  const secret = config.authSecret ?? (await getOrCreateSetting(db, 'auth_secret', randomSecret));
  const mailer = createMailer(config.mail, app.log);
  app.addHook('onClose', async () => mailer.close());
  const auth = createAuth({ db, config, secret, mailer, log: app.log });
  app.addHook('onClose', await database.listen(SESSIONS_CHANNEL, auth.forgetSessions));
  await createAuthRepository({ db }).grantAdmins(config.adminEmails);
  const rateLimits = createRateLimitsRepository({ db });

  await registerAuth(app, { auth });
  const reading = createReadingRepository({ db });

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { db, auth, rateLimits });
  await app.register(profilesRoutes, { db });
  await app.register(booksRoutes, {
    db,
    listen: database.listen,
    progressOf: reading.findProgress,
  });
  await app.register(readingRoutes, { db });
  await app.register(validationRoutes, { db, config, rateLimits });
  await app.register(rewardsRoutes, { db });
  // Work queued by any process (mail first) runs in whichever process claims it first.
  const stopJobs = await startJobWorker({
    database,
    handlers: { ...authJobHandlers(auth) },
    log: app.log,
  });
  app.addHook('onClose', stopJobs);
  await registerClient(app, { clientDir: options.clientDir ?? clientDistDir });
  return app;
}
