import { readDemoCatalogue } from '../server/modules/books/demo-catalogue';
import { demoCoversDir, writeDemoCovers } from '../server/modules/books/demo-covers';

// `npm run build` draws the demo catalogue's covers once; a fresh start copies them
// (server/modules/books/demo-covers.ts, decision 041).
const started = performance.now();
const bytes = await writeDemoCovers(readDemoCatalogue().books);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`demo covers: ${demoCoversDir} (${(bytes / 1e6).toFixed(1)} MB, ${seconds} s)`);
