import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { writeResult } from './lib/serve';

// Size of every built chunk, and of the JavaScript the landing page needs before it can
// render: the entry, the landing route chunk and everything they import statically.
// Run after `npm run build`. Budget (decision 005): landing JS ≤ 90 KB gzip.
const BUDGET_GZIP = 90 * 1024;
const dist = 'dist/client';
type Chunk = { file: string; isEntry?: boolean; imports?: string[]; src?: string };
const manifest = JSON.parse(
  fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
) as Record<string, Chunk>;

const sizeOf = (file: string) => {
  const data = fs.readFileSync(path.join(dist, file));
  return { raw: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length };
};

const closure = (keys: string[]): Set<string> => {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return seen;
};

const entryKeys = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
const landingKey = Object.keys(manifest).find((k) => k.endsWith('routes/landing.tsx'));
const landing = closure([...entryKeys, ...(landingKey ? [landingKey] : [])]);

const rows = Object.entries(manifest)
  .filter(([, c]) => c.file.endsWith('.js'))
  .map(([key, c]) => ({ chunk: key, file: c.file, ...sizeOf(c.file), landing: landing.has(key) }))
  .sort((a, b) => b.gzip - a.gzip);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log('chunk'.padEnd(48), 'raw'.padStart(10), 'gzip'.padStart(10), ' landing');
for (const r of rows) {
  console.log(
    r.chunk.padEnd(48),
    kb(r.raw).padStart(10),
    kb(r.gzip).padStart(10),
    r.landing ? ' *' : '',
  );
}
const landingGzip = rows.filter((r) => r.landing).reduce((sum, r) => sum + r.gzip, 0);
const totalGzip = rows.reduce((sum, r) => sum + r.gzip, 0);
const cssGzip = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.css'))
  .reduce((sum, f) => sum + sizeOf(`assets/${f}`).gzip, 0);
console.log(`\nall JS: ${kb(totalGzip)} gzip; CSS: ${kb(cssGzip)} gzip`);
console.log(
  `landing page JS: ${kb(landingGzip)} gzip (budget ${kb(BUDGET_GZIP)}): ${landingGzip <= BUDGET_GZIP ? 'OK' : 'OVER BUDGET'}`,
);
console.log(`saved ${writeResult('bundle', { landingGzip, totalGzip, cssGzip, rows })}`);
process.exitCode = landingGzip <= BUDGET_GZIP ? 0 : 1;
