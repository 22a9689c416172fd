// Lists a reader's books with a personal API token, through a client typed from Lisons'
// OpenAPI document (docs/architecture.md#personal-api-tokens). To run it against a Lisons:
//
//   npx openapi-typescript https://lisons.example/api/openapi.json -o lisons-api.d.ts
//   npm install openapi-fetch
//   LISONS_URL=https://lisons.example LISONS_TOKEN=lisons_pat_… node api-example.ts
//
// The token comes from Paramètres → « Jetons d’accès à l’API »; a read-only one is enough.
// scripts/openapi-client.test.ts type-checks this file against a client generated from the
// current routes, so it cannot drift from the API.
import createClient from 'openapi-fetch';
import type { paths } from './lisons-api';

const baseUrl = process.env.LISONS_URL ?? 'http://localhost:3000';
const token = process.env.LISONS_TOKEN;
if (!token) throw new Error('LISONS_TOKEN: a personal API token, created in Paramètres');

// No cookie and no Origin header: the token alone says who is asking.
const lisons = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });

const { data, error, response } = await lisons.GET('/api/reading-list');
if (error) {
  // Every refusal has this shape, its message in French: a revoked or expired token is a 401,
  // a read-only token on a change a 403, too many requests a 429.
  console.error(`${response.status} ${error.error.code}: ${error.error.message}`);
  process.exit(1);
}
for (const { book, progress, isAbandoned } of data.items) {
  const shelf = isAbandoned ? 'abandonné' : progress.status;
  const segments = `${progress.segmentsValidated}/${book.expectedSegments}`;
  console.log(`${book.title} (${book.author}) — ${shelf}, ${segments} segments`);
}
