import { loadDatabaseConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { restrictUmask } from '../server/db/private-files';
import { createAuthRepository } from '../server/modules/auth/auth.repository';

restrictUmask(); // it may create the data dir: the owner's alone

// npm run admin -- grant|revoke <email>
// Works on the configured database (DATABASE_URL, or the embedded one in DATA_DIR, which
// must not be in use by a running server).
const [action, rawEmail] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !rawEmail) {
  console.error('Usage : npm run admin -- grant|revoke <email>');
  process.exit(2);
}
const email = rawEmail.trim().toLowerCase();

try {
  const database = await openDatabase(loadDatabaseConfig());
  try {
    await database.migrate();
    const found = await createAuthRepository({ db: database.db }).setAdmin(
      email,
      action === 'grant',
    );
    if (!found) {
      console.error(`Aucun compte Lisons n'utilise l'adresse ${email}.`);
      process.exitCode = 1;
    } else {
      console.log(
        action === 'grant'
          ? `${email} est maintenant administrateur.`
          : `${email} n'est plus administrateur.`,
      );
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
