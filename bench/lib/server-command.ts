import fs from 'node:fs';

// How a bench starts the server: as production does, `npm run serve` (the compiled
// dist/app/main.js with the serve script's node flags: run `npm run build` first), or from
// the TypeScript sources through tsx with BENCH_FROM_SOURCE=1, to compare the two
// (decision 036).
const serveScript: string = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.serve;
const serve = /^node (.*?)\s*(dist\/app\/main\.js)$/.exec(serveScript);
if (!serve) throw new Error(`unexpected serve script: ${serveScript}`);

/** The serve script's node flags (memory and compiler settings), without the entry point. */
export const serveFlags: string[] = (serve[1] ?? '').split(' ').filter(Boolean);

/** True when the benches run the server from its sources (BENCH_FROM_SOURCE=1). */
export const fromSource = process.env.BENCH_FROM_SOURCE === '1';

/** The arguments after node's own flags that start the server. */
export const serverEntry: string[] = fromSource
  ? ['--import', 'tsx', 'server/main.ts']
  : [serve[2] as string];
