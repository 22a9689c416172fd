import path from 'node:path';
import { build } from 'vite';
import { projectRoot } from '../server/paths';

// The server and the production scripts, compiled once to plain JavaScript in dist/app
// (decision 036): production runs `node dist/app/main.js`, with no TypeScript loader in the
// process. Packages stay in node_modules (an SSR build externalises them); the server finds
// its migrations and the built client from the project root (server/paths.ts), wherever
// its code runs from.

/** Each production entry point, by the name of its file in dist/app. */
const serverEntries = {
  main: 'server/main.ts',
  admin: 'scripts/admin.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  'repair-progress': 'scripts/repair-progress.ts',
};

const serverOutDir = path.join(projectRoot, 'dist/app');

await build({
  configFile: false,
  root: projectRoot,
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir: serverOutDir,
    emptyOutDir: true,
    target: 'node22',
    // Readable stack traces in the logs (`--enable-source-maps` in the serve script).
    sourcemap: true,
    minify: false,
    rolldownOptions: {
      input: Object.fromEntries(
        Object.entries(serverEntries).map(([name, file]) => [name, path.join(projectRoot, file)]),
      ),
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
