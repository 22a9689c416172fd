import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Walks up from this file to the folder holding package.json, so paths stay right
// whether the server runs from source (tsx) or from elsewhere.
function findRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json introuvable');
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = path.join(projectRoot, 'server/db/migrations');
export const clientDistDir = path.join(projectRoot, 'dist/client');
