import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { logoSvg } from '../client/components/ui/brand';

// Writes every icon and press logo from the one SVG mark. Run it again after changing the
// mark (npx tsx scripts/generate-brand-assets.ts); the output is committed.
const publicDir = path.resolve(import.meta.dirname, '../client/public');
const pressDir = path.join(publicDir, 'presse');
fs.mkdirSync(pressDir, { recursive: true });

const svg = logoSvg();
const maskableSvg = logoSvg({ maskable: true });

async function render(source: string, size: number): Promise<Sharp> {
  // Rasterise at a high density so small sizes stay crisp, then resize.
  return sharp(Buffer.from(source), { density: 72 * Math.ceil((size * 2) / 64) }).resize(
    size,
    size,
  );
}

async function png(source: string, size: number, file: string): Promise<Buffer> {
  const data = await (await render(source, size)).png({ compressionLevel: 9 }).toBuffer();
  fs.writeFileSync(file, data);
  return data;
}

/** An .ico holding one 32×32 PNG image (supported by every current browser). */
function ico(pngData: Buffer): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(32, 6); // width
  header.writeUInt8(32, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(pngData.length, 14);
  header.writeUInt32LE(22, 18); // image offset
  return Buffer.concat([header, pngData]);
}

fs.writeFileSync(path.join(publicDir, 'favicon.svg'), `${svg}\n`);
fs.writeFileSync(path.join(pressDir, 'lisons-logo.svg'), `${svg}\n`);

const favicon32 = await (await render(svg, 32)).png().toBuffer();
fs.writeFileSync(path.join(publicDir, 'favicon.ico'), ico(favicon32));

await png(svg, 192, path.join(publicDir, 'icon-192.png'));
await png(svg, 512, path.join(publicDir, 'icon-512.png'));
await png(maskableSvg, 512, path.join(publicDir, 'icon-maskable-512.png'));
// iOS rounds the corners itself and shows transparency as black: use the full-bleed art.
await png(maskableSvg, 180, path.join(publicDir, 'apple-touch-icon.png'));

await png(svg, 192, path.join(pressDir, 'lisons-logo-192.png'));
await png(svg, 512, path.join(pressDir, 'lisons-logo-512.png'));
await (await render(svg, 1024))
  .webp({ quality: 90 })
  .toFile(path.join(pressDir, 'lisons-logo-1024.webp'));

console.log(`brand assets written to ${publicDir}`);
