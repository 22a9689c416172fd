import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// Writes .br and .gz beside each text asset once at build time, so the server sends
// precompressed files (best compression, no CPU per request).
const root = process.argv[2];
if (!root) throw new Error('usage: precompress <dir>');
const compressible = /\.(js|css|html|svg|json|webmanifest|txt|xml|ico)$/;

let count = 0;
for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files in ${root}`);
