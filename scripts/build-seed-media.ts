import fs from 'node:fs';
import path from 'node:path';
import { readBlogArticles } from '../server/modules/blog/blog-seed';
import { blogSeedImagesDir, writeBlogSeedImages } from '../server/modules/blog/blog-seed-images';
import { readDemoCatalogue } from '../server/modules/books';
import { demoCoversDir, writeDemoCovers } from '../server/modules/covers/demo-covers';
import { projectRoot } from '../server/paths';

// `npm run build` converts, once, the images a first start would otherwise encode: the demo
// catalogue's covers and the seeded blog articles' images (decision 041).
const started = performance.now();
const covers = await writeDemoCovers(readDemoCatalogue().books);
const blogDir = path.join(projectRoot, 'data', 'blog');
const drawings = [...new Set(readBlogArticles(blogDir).map((a) => a.image))].map((file) =>
  fs.readFileSync(path.join(blogDir, file)),
);
const images = await writeBlogSeedImages(drawings);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
console.log(
  `seed media: ${demoCoversDir} (${mb(covers)}), ${blogSeedImagesDir} (${mb(images)}) in ${seconds} s`,
);
