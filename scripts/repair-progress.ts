import { loadDatabaseConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { restrictUmask } from '../server/db/private-files';
import { repairAll } from '../server/modules/reading/reading.repository';

restrictUmask(); // it may create the data dir: the owner's alone

// npm run repair:progress — recomputes every reader's progress rows from their validated
// segments (the old app's client-side "consistency fixer", done once, on the server).
try {
  const database = await openDatabase(loadDatabaseConfig());
  try {
    await database.migrate();
    const { corrected, errors } = await repairAll(database.db);
    console.log(`Progression vérifiée : ${corrected} ligne(s) corrigée(s), ${errors} erreur(s).`);
    if (errors > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
