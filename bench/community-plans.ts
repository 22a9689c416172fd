import { parseArgs } from 'node:util';
import pg from 'pg';
import { SUGGESTIONS_LIMIT } from '../domain/community';
import { namedStatements } from '../server/db/prepared-statement';
// Imported for their named statements (each module registers its SQL when loaded).
import '../server/modules/community/activities.repository';
import '../server/modules/community/community.repository';
import '../server/modules/community/suggestions.repository';

// EXPLAIN (ANALYZE, BUFFERS) of the community's named statements on the dataset of
// bench/community.ts (run it first), as the server runs them: prepared once, executed a few
// times so PostgreSQL settles on its generic plan, then explained. The feed and suggestions
// are for reader 0 (following 500), the relation is reader 0 viewing reader 1 (the profile).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lisons_bench_community \
//     node --import tsx bench/community-plans.ts [--only community_feed,community_suggestions]
const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'community_feed,community_suggestions,community_relation' },
  },
});
const url = process.env.BENCH_DATABASE_URL;
if (!url || !new URL(url).pathname.includes('bench')) {
  console.error('BENCH_DATABASE_URL must name a database whose name contains "bench".');
  process.exit(2);
}
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  const { rows } = await client.query<{ id: string }>(
    `select id from users where email in ('bench-community-0@example.com', 'bench-community-1@example.com')
     order by email`,
  );
  const [reader, profile] = rows.map((r) => r.id);
  if (!reader || !profile) throw new Error('no bench readers: run bench/community.ts first');
  const params: Record<string, unknown[]> = {
    community_feed: [reader, null, null],
    community_suggestions: [reader, SUGGESTIONS_LIMIT],
    community_relation: [reader, profile],
  };
  for (const name of args.only.split(',')) {
    const text = namedStatements.get(name);
    const values = params[name];
    if (!text || !values) throw new Error(`unknown statement ${name}`);
    await client.query(`prepare ${name} as ${text}`);
    // EXECUTE takes no bind parameters: literals, typed by the statement's own casts.
    const literal = (v: unknown) => (v === null ? 'null' : client.escapeLiteral(String(v)));
    const call = `execute ${name}(${values.map(literal).join(', ')})`;
    // Five custom plans, then PostgreSQL may switch to the generic one: as on a pool connection.
    for (let i = 0; i < 8; i++) await client.query(call);
    const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${call}`);
    console.log(`\n=== ${name}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
} finally {
  await client.end();
}
