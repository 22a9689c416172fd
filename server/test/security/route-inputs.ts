import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RouteContract } from '../../plugins/openapi';

/** A JSON schema, as z.toJSONSchema writes one (only what the generators read). */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
};

export type Route = { method: string; url: string; contract: RouteContract };
export type Part = 'params' | 'querystring' | 'body';
export const parts: readonly Part[] = ['params', 'querystring', 'body'];

const isZod = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** The JSON schema of one input of a route (its zod schema, as the validator sees input). */
export function inputSchema(route: Route, part: Part): JsonSchema | null {
  const schema = (route.contract.schema as Record<string, unknown> | undefined)?.[part];
  if (!schema) return null;
  if (isZod(schema)) {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  }
  return schema as JsonSchema;
}

/**
 * Every route of the app, one entry per method, read from the route table the app keeps as
 * routes are added (an onRoute hook registered before any module: plugins/openapi.ts).
 * The sweep therefore covers a route added later without anyone listing it.
 */
export function appRoutes(app: FastifyInstance): Route[] {
  return app.routeContracts.flatMap((contract) =>
    [contract.method].flat().map((method) => ({ method, url: contract.url, contract })),
  );
}

/** Method and path of every route in Fastify's own router (printRoutes), params as ':'. */
export function routerTable(app: FastifyInstance): Set<string> {
  const lines = app.printRoutes({ commonPrefix: false }).split('\n');
  const stack: string[] = [];
  const found = new Set<string>();
  for (const line of lines) {
    const match = /^([\s│├└─]*?)(?:[├└]── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = Math.floor((match[1] ?? '').length / 4);
    stack.length = depth;
    stack.push(match[2] ?? '');
    if (!match[3]) continue;
    const joined = stack.join('');
    const path = normalise(joined.startsWith('/') ? joined : `/${joined}`);
    for (const method of match[3].split(', ')) {
      if (method !== 'HEAD') found.add(`${method} ${path}`);
    }
  }
  return found;
}

/** '/api/books/:ref|:bookId/x' and '/api/books/:bookId/x' both become '/api/books/:/x'. */
export const normalise = (url: string) => url.replace(/:[\w|:]+/g, ':');

/** True when a route declares that only a signed-in reader may use it. */
export const needsReader = (route: Route) =>
  JSON.stringify(route.contract.schema?.security ?? null) === '[{"session":[]}]';

/** A change a browser may send (not a route another service signs, like Stripe's webhook). */
export const changes = (route: Route) =>
  !['GET', 'HEAD', 'OPTIONS'].includes(route.method) &&
  JSON.stringify(route.contract.schema?.security ?? null) !== '[{"senderSignature":[]}]';

/** The values a caller may put where a route takes an id, a slug or a segment. */
export type Ids = { uuids: string[]; slugs: string[] };

/** A valid value for one field, by its schema (and name where the schema says little). */
export function validValue(name: string, schema: JsonSchema, ids: Ids): unknown {
  if (schema.enum?.length) return schema.enum[0];
  // A nullable field (zod's .nullable()): null is valid, whatever its pattern.
  if (schema.anyOf?.some((option) => option.type === 'null')) return null;
  if (schema.format === 'date-time') return '2026-11-24T20:00:00+01:00';
  const type = [schema.type].flat()[0];
  if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 1, 1);
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (schema.format === 'uuid') return ids.uuids[0];
  if (schema.format === 'date') return '2026-11-24';
  if (name === 'url') return 'https://exemple.fr/hook';
  if (name === 'ref') return ids.slugs[0];
  if (name === 'email') return 'lecteur.balayage@exemple.fr';
  if (name === 'password' || name === 'confirmation') return 'Motdepasse1';
  if (name === 'username') return 'Lecteur Balayage';
  if (name === 'answer') return 'faux';
  if (name === 'file') return 'inconnu.jpg';
  if (name === 'isbn') return '9782070408504';
  if (name === 'q') return 'secret';
  if (name === 'room') return `chat:${ids.uuids[0]}`;
  // A KOReader document: the MD5 digest of a book's file (decision 053).
  if (name === 'document') return 'd41d8cd98f00b204e9800998ecf8427e';
  // Web Push: a nested object (the subscription's keys), a push service's address, a zone.
  if (type === 'object') return validInput(schema, ids);
  if (name === 'endpoint') return 'https://fcm.googleapis.com/fcm/send/balayage';
  if (name === 'p256dh') return `B${'A'.repeat(86)}`;
  if (name === 'auth') return 'A'.repeat(22);
  if (name === 'timeZone') return 'Europe/Paris';
  return 'a'.repeat(Math.max(schema.minLength ?? 1, 8));
}

/** A valid object for one input of a route, every id slot filled from `ids`. */
export function validInput(schema: JsonSchema | null, ids: Ids): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema?.properties ?? {})) {
    out[name] = validValue(name, field, ids);
  }
  return out;
}

/** The names of the fields of an input that take an id or a slug. */
export function idFields(schema: JsonSchema | null): string[] {
  return Object.entries(schema?.properties ?? {})
    .filter(([name, field]) => field.format === 'uuid' || /(^id$|Id$|^ref$)/.test(name))
    .map(([name]) => name);
}

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** encodeURIComponent, except that a lone surrogate goes out as bytes that are not UTF-8. */
export const encodeLoose = (text: string) =>
  text.split(loneSurrogate).map(encodeURIComponent).join('%ED%A0%80');

/** The route's path with its parameters filled in (each value URL-encoded). */
export function pathOf(url: string, params: Record<string, unknown>): string {
  return url.replace(/:(\w+)/g, (_whole, name: string) => encodeLoose(String(params[name] ?? '')));
}

/** `?a=1&b=2` for a query object (arrays repeat their key), or '' when empty. */
export function queryOf(query: Record<string, string | string[]>): string {
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    [value].flat().map((v) => `${encodeLoose(key)}=${encodeLoose(v)}`),
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

// Hostile values: control characters, NUL, very long, unicode, markup, wrong types…
const control = fc
  .array(fc.integer({ min: 0, max: 31 }), { minLength: 1, maxLength: 8 })
  .map((codes) => String.fromCharCode(...codes));
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  control,
  fc.string().map((s) => `${s}\u0000${s}`),
  fc.integer({ min: 101, max: 20_000 }).map((n) => 'é'.repeat(n)),
  fc.constantFrom(
    '',
    ' ',
    '\u202e\u200b\ufeff',
    '💥'.repeat(300),
    "' or 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    '</script><script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\ud800',
    'constructor',
    '__proto__',
    'NaN',
    '-1',
    '1e309',
    '00000000-0000-0000-0000-000000000000',
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.constantFrom(null, true, false, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, -1e308, 1e308),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => Array.from({ length: n }, (_, i) => i)),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
  fc.constant({ $gt: '' }),
);

/** Keys a tampered client adds: rights, rewards, progress, someone else's id. */
const extraKeys = fc.constantFrom(
  'correct',
  'xp',
  'xpGained',
  'badges',
  'isAdmin',
  'isPremium',
  'userId',
  'status',
  'segmentsValidated',
  'currentPage',
  'jokersUsed',
  '__proto__',
  'constructor',
);

/** A value for one field: valid, near the edges of its schema, or hostile. */
function fieldArbitrary(name: string, schema: JsonSchema, ids: Ids): fc.Arbitrary<unknown> {
  const near: fc.Arbitrary<unknown>[] = [fc.constant(validValue(name, schema, ids))];
  const type = [schema.type].flat()[0];
  if (schema.enum?.length) near.push(fc.constantFrom(...schema.enum));
  if (schema.format === 'uuid' || name === 'ref') {
    near.push(fc.constantFrom(...ids.uuids, ...ids.slugs), fc.uuid());
  }
  if (type === 'integer' || type === 'number') {
    near.push(
      fc.integer({ min: (schema.minimum ?? 0) - 3, max: (schema.maximum ?? 100) + 3 }),
      fc.constantFrom(schema.maximum ?? 1e9, (schema.maximum ?? 1e9) + 1, 0, -1),
    );
  }
  if (type === 'string' && schema.pattern && schema.format !== 'uuid') {
    near.push(fc.stringMatching(new RegExp(schema.pattern)).map((s) => s.slice(0, 300)));
  }
  if (type === 'string') {
    const max = schema.maxLength ?? 200;
    near.push(fc.string({ minLength: Math.max(0, max - 2), maxLength: max + 2 }));
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.oneof(...near) },
    { weight: 2, arbitrary: hostileValue },
  );
}

/** An input object for a route: each field maybe left out, maybe wrong, plus stray fields. */
export function inputArbitrary(
  schema: JsonSchema | null,
  ids: Ids,
): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema?.properties ?? {});
  const known = fc.record(
    Object.fromEntries(fields.map(([name, field]) => [name, fieldArbitrary(name, field, ids)])),
    { requiredKeys: [] },
  );
  const extra = fc.dictionary(fc.oneof(extraKeys, fc.string({ maxLength: 12 })), hostileValue, {
    maxKeys: 3,
  });
  return fc
    .tuple(known, fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, extra))
    .map(([k, e]) => ({ ...e, ...k }));
}

/** Query strings and path parameters travel as text: hostile values become strings. */
export const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/** A body as sent on the wire: JSON of an object, or something that is not one at all. */
export function bodyArbitrary(
  schema: JsonSchema | null,
  ids: Ids,
): fc.Arbitrary<{ raw: string; type: string }> {
  const json = (value: unknown) => ({
    raw: JSON.stringify(value) ?? 'null',
    type: 'application/json',
  });
  return fc.oneof(
    { weight: 8, arbitrary: inputArbitrary(schema, ids).map(json) },
    { weight: 1, arbitrary: hostileValue.map(json) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { raw: '{"answer": ', type: 'application/json' },
        { raw: '', type: 'application/json' },
        { raw: '[]', type: 'application/json' },
        { raw: 'answer=x&correct=true', type: 'application/x-www-form-urlencoded' },
        { raw: '<answer>x</answer>', type: 'text/xml' },
        { raw: '{"a":'.repeat(5_000), type: 'application/json' },
        { raw: `{"answer":"${'x'.repeat(1_100_000)}"}`, type: 'application/json' },
      ),
    },
  );
}

/** The request a page of the app would send to `route`, every input valid. */
export function validRequest(route: Route, fill: Ids) {
  const params = validInput(inputSchema(route, 'params'), fill);
  if ('segment' in params) params.segment = 1;
  const query = validInput(inputSchema(route, 'querystring'), fill);
  const body = inputSchema(route, 'body');
  return {
    url: pathOf(route.url, params),
    options: {
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      ...(changes(route) ? { payload: body ? validInput(body, fill) : {} } : {}),
    },
  };
}
