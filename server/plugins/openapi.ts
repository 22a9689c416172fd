import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../domain/api.schemas';
import { API_TOKEN_PREFIX } from '../../domain/api-tokens';
import { type TokenAccess, tokenAccessOf } from './auth';
import { renderReference } from './openapi-page';
import { type PreparedBody, prepareJson, sendPreparedJson } from './prepared-body';

/** The session cookie better-auth sets (server/modules/auth/auth.ts, cookiePrefix 'lisons'). */
const SESSION_COOKIE = 'lisons.session_token';

/** `schema.security` of a route only a signed-in reader may use. */
export const sessionRequired = [{ session: [] }] as const;
/** `schema.security` of a route that answers anyone, and says more to a signed-in reader. */
export const sessionOptional = [{}, { session: [] }] as const;

export type RouteContract = {
  method: string | readonly string[];
  url: string;
  schema?: FastifySchema;
  handler?: unknown;
  /** The route's own options: its declared rate limit, its own guards (the security sweeps). */
  config?: RouteOptions['config'];
  preHandler?: RouteOptions['preHandler'];
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the OpenAPI plugin, as declared (for the contract check). */
    routeContracts: readonly RouteContract[];
  }
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * What an /api route fails to declare: a 2xx response schema, and a schema for the path
 * parameters, query string or body it reads. Empty when its contract is complete.
 */
export function contractProblems(routes: readonly RouteContract[]): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    if (!isApi(route.url)) continue;
    const name = `${[route.method].flat().join(',')} ${route.url}`;
    const schema = route.schema ?? {};
    const response = (schema.response ?? {}) as Record<string, unknown>;
    if (!Object.keys(response).some((status) => /^2(\d\d|xx)$/i.test(status))) {
      problems.push(`${name}: no 2xx response schema`);
    }
    // The handler's own code says what it reads (request.params, request.query, request.body).
    const code = typeof route.handler === 'function' ? String(route.handler) : '';
    if ((/[:*]/.test(route.url) || /\.params\b/.test(code)) && !schema.params) {
      problems.push(`${name}: path parameters without a params schema`);
    }
    if (/\.query\b/.test(code) && !schema.querystring) {
      problems.push(`${name}: reads the query string without a querystring schema`);
    }
    // `request.body` only: a handler may send another object's body (a prepared answer).
    if (/\brequest\.body\b/.test(code) && !schema.body) {
      problems.push(`${name}: reads the body without a body schema`);
    }
  }
  return problems;
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

const pascal = (word: string) =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * A route's operationId when it states none, from its method and path, so that a generated
 * client names each call: `GET /api/books/:ref` is `getBooksByRef`,
 * `POST /api/books/:bookId/segments/:segment/answer` is
 * `postBooksSegmentsAnswerByBookIdAndSegment`. openapi.test.ts checks they are unique.
 */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const words = parts.filter((part) => !part.startsWith(':')).map(pascal);
  const params = parts.filter((part) => part.startsWith(':')).map((part) => pascal(part.slice(1)));
  return `${method.toLowerCase()}${words.join('')}${params.length ? `By${params.join('And')}` : ''}`;
}

type Requirement = Record<string, string[]>;

/**
 * An operation's `security`, from what the route declares (`sessionRequired`,
 * `sessionOptional`, a sender's signature, or nothing) and what a personal API token may do
 * there (plugins/auth.ts, `tokenAccessOf`): the bearer scheme with the scope it needs, where
 * a token acts. A route that needs nobody says so (`[]`).
 */
export function securityOf(declared: unknown, access: TokenAccess): Requirement[] {
  const requirements = (Array.isArray(declared) ? declared : []) as Requirement[];
  const bearer = access === 'read' || access === 'write' ? [{ bearer: [access] }] : [];
  if (!requirements.some((r) => 'session' in r)) return requirements;
  return [...requirements, ...bearer];
}

type OpenApiDocument = {
  openapi: string;
  components?: Record<string, unknown>;
  paths?: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>;
};

/** French response descriptions, and the error shape every operation may answer with. */
function withErrors<T>(openapiObject: T): T {
  const document = openapiObject as OpenApiDocument;
  const errorRef = { $ref: '#/components/schemas/Erreur' };
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const responses = operation.responses ?? {};
      for (const response of Object.values(responses)) {
        if (response.description === 'Default Response') response.description = 'Succès';
      }
      responses['4XX'] = {
        description: 'Requête refusée : { error: { code, message } }, message en français',
        content: { 'application/json': { schema: errorRef } },
      } as { description: string };
      operation.responses = responses;
    }
  }
  return openapiObject;
}

/**
 * The API contract, generated from the routes' zod schemas (never written by hand): the
 * OpenAPI 3.1 document at /api/openapi.json and a reference page at /api/docs (plain HTML,
 * no script, so it works under our CSP). Register before the routes: it sees them as they
 * are added. Only /api routes are documented.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  { publicUrl }: { publicUrl: string },
): Promise<void> {
  const contracts: RouteContract[] = [];
  app.decorate('routeContracts', contracts);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.method === 'HEAD') return; // Fastify's automatic copy of a GET
    contracts.push({
      method: route.method,
      url: route.url,
      schema: route.schema,
      handler: route.handler,
      config: route.config,
      preHandler: route.preHandler,
    });
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lisons API',
        version: '1.0.0',
        description:
          "L'API de Lisons : JSON sous /api. Chaque erreur a la forme " +
          '{ "error": { "code": "…", "message": "<texte en français>" } }. ' +
          "Les routes qui changent quelque chose exigent l'en-tête Origin de l'application, " +
          'sauf avec un jeton d’accès personnel (Paramètres), envoyé sans cookie dans ' +
          "l'en-tête Authorization: Bearer. Un jeton en lecture seule n'agit que sur les GET ; " +
          "aucun jeton n'ouvre l'administration, le mot de passe, la suppression du compte ni " +
          'la gestion des jetons.',
      },
      servers: [{ url: publicUrl, description: 'Lisons' }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'Session du lecteur (cookie HttpOnly posé à la connexion).',
          },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: `${API_TOKEN_PREFIX}…`,
            description:
              'Jeton d’accès personnel créé dans les Paramètres. Sa portée, « read » ou « write », ' +
              'est celle que chaque opération demande.',
          },
          senderSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'Stripe-Signature',
            description:
              'Signature de l’expéditeur sur le corps brut (webhook Stripe) : pas de session ni d’en-tête Origin.',
          },
        },
        schemas: {
          Erreur: z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' }) as object,
        },
      },
    },
    transform: (input) => {
      if (!isApi(input.url)) return { schema: { hide: true }, url: input.url };
      const { schema, url } = zodTransform(input);
      const route = input.route as RouteOptions;
      const method = [route.method].flat()[0] ?? 'GET';
      const access = route.config?.tokenAccess ?? tokenAccessOf({ ...route, method });
      return {
        url,
        schema: {
          ...schema,
          operationId: input.schema.operationId ?? operationIdOf(method, input.url),
          security: securityOf(input.schema.security, access),
        },
      };
    },
    transformObject: (input) =>
      'openapiObject' in input ? withErrors(input.openapiObject) : input.swaggerObject,
  });

  // Built on first request (all routes are known by then), then served as is.
  let json: PreparedBody | undefined;
  let html: string | undefined;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Documentation'];

  r.get(
    '/api/openapi.json',
    {
      schema: {
        summary: 'Le document OpenAPI 3.1 de cette API',
        tags,
        response: { 200: z.looseObject({ openapi: z.string() }) },
      },
    },
    async (request, reply) => {
      json ??= prepareJson(app.swagger());
      return sendPreparedJson(request, reply, json);
    },
  );

  r.get(
    '/api/docs',
    {
      schema: {
        summary: 'Cette référence, lisible dans un navigateur',
        tags,
        response: {
          200: { description: 'Page HTML', content: { 'text/html': { schema: z.string() } } },
        },
      },
    },
    async (_request, reply) => {
      html ??= renderReference(app.swagger() as Parameters<typeof renderReference>[0]);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    },
  );
}
