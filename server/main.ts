import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { restrictUmask } from './db/private-files';
import { loggableError } from './logging';
import { loadBlogArticles } from './modules/blog/blog-seed';
import { loadDemoCatalogue } from './modules/books/demo-catalogue';
import { drawDemoCovers } from './modules/covers/demo-covers';

/** Reads the environment, opens and migrates the database, listens, stops cleanly. */
async function main(): Promise<void> {
  // Data, backups and mails are the owner's alone, whatever umask started the server.
  restrictUmask();
  const config = loadConfig();
  const database = await openDatabase(config.database);
  await database.migrate();
  const app = await buildApp({ config, database });
  if (config.demoCatalogue) {
    const added = await loadDemoCatalogue(database.db);
    if (added > 0) app.log.info(`demo catalogue loaded: ${added} books`);
    // At each start, the demo covers missing or drawn by an older drawing: copied from the
    // build's (npm run build draws them once, decision 041), else drawn.
    const drawn = await drawDemoCovers(database.db);
    if (drawn > 0) app.log.info(`demo covers drawn: ${drawn}`);
  }
  // The blog's first articles, once: content of the product, not demo data (decision 029).
  const articles = await loadBlogArticles(database.db);
  if (articles > 0) app.log.info(`blog articles loaded: ${articles}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Readiness fails first; then close() stops accepting connections and waits for the
    // requests under way; only then is the database closed under them.
    app.startDraining();
    // If a request hangs, do not wait forever: its connection is cut, the database closed.
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out, closing the database anyway');
      app.server.closeAllConnections();
      void database.close().finally(() => process.exit(1));
    }, config.shutdownTimeoutMs);
    timer.unref();
    await app.close();
    await database.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, port: config.port },
    `Lisons est prêt sur http://localhost:${config.port}`,
  );
}

main().catch((error: unknown) => {
  // Expected start-up failures get one clear line, not a stack trace.
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    // Without a failed query's parameters (see logging.ts).
    const shown = loggableError(error);
    console.error(
      'Échec du démarrage de Lisons :',
      shown.stack || `${shown.code}: ${shown.message}`,
    );
  }
  process.exit(1);
});
