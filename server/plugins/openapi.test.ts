import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/app';
import { contractProblems, type RouteContract, registerOpenApi } from './openapi';

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
};
type Document = {
  openapi: string;
  info: { title: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in?: string; scheme?: string }> };
};

const isApi = (route: RouteContract) => route.url.startsWith('/api/');
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

let t: TestApp;
let document: Document;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => t.close());

describe('API contracts', () => {
  it('declares, for every /api route, its 2xx response and every input it reads', () => {
    const api = t.app.routeContracts.filter(isApi);
    // Not vacuous: the modules' routes are all seen (auth, books, reading, validation…).
    expect(api.length).toBeGreaterThanOrEqual(25);
    expect(contractProblems(t.app.routeContracts)).toEqual([]);
  });

  it('serves an OpenAPI 3.1 document with a path for every /api route, and nothing else', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBe('Lisons API');
    for (const route of t.app.routeContracts.filter(isApi)) {
      for (const method of [route.method].flat()) {
        const operation = document.paths[openApiPath(route.url)]?.[method.toLowerCase()];
        expect(operation, `${method} ${route.url}`).toBeDefined();
        expect(Object.keys(operation?.responses ?? {}).some((s) => s.startsWith('2'))).toBe(true);
      }
    }
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('says, on every operation, whether it needs the session cookie or takes a token, and its scope', () => {
    expect(document.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
    });
    expect(document.components.securitySchemes.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    const answer = document.paths['/api/books/{bookId}/segments/{segment}/answer']?.post;
    expect(answer?.security).toEqual([{ session: [] }, { bearer: ['write'] }]);
    expect(document.paths['/api/me/stats']?.get?.security).toEqual([
      { session: [] },
      { bearer: ['read'] },
    ]);
    expect(document.paths['/api/books/{ref}']?.get?.security).toEqual([
      {},
      { session: [] },
      { bearer: ['read'] },
    ]);
    expect(document.paths['/api/search']?.get?.security).toEqual([]);
    // Where only the reader's session may act: no token.
    for (const [path, method] of [
      ['/api/account/delete', 'post'],
      ['/api/account/password', 'post'],
      ['/api/account/tokens', 'get'],
      ['/api/account/tokens', 'post'],
      ['/api/admin/books', 'get'],
    ] as const) {
      expect(document.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([
        { session: [] },
      ]);
    }
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(Array.isArray(operation.security), `${method} ${path}`).toBe(true);
      }
    }
  });

  it('names every operation once (operationId), for generated clients, and says where it is served', () => {
    const ids = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation.operationId),
    );
    expect(ids.length).toBeGreaterThanOrEqual(100);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/books/{ref}']?.get?.operationId).toBe('getBooksByRef');
    expect(document.paths['/api/account/tokens']?.post?.operationId).toBe('createApiToken');
    expect(document.servers).toEqual([{ url: 'http://localhost:3000', description: 'Lisons' }]);
  });

  it('describes the answer route from its zod schemas (params, body, both results)', () => {
    const answer = JSON.stringify(
      document.paths['/api/books/{bookId}/segments/{segment}/answer']?.post,
    );
    for (const part of ['"bookId"', '"segment"', '"answer"', '"jokerOffer"', '"xpGained"']) {
      expect(answer).toContain(part);
    }
  });

  it('shows a readable reference page at /api/docs, with no script (our CSP allows none)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).toContain('<title>Lisons API — référence</title>');
    expect(response.body).toContain('/api/books/{bookId}/segments/{segment}/answer');
    expect(response.body).toContain('jokerOffer: boolean;');
    expect(response.body).not.toMatch(/<script/i);
  });

  it('fails for a route added to the app without its schemas', async () => {
    const other = await buildTestApp({}, { database: t.database });
    try {
      other.app.post('/api/oubli/:id', async (request) => ({
        id: (request.params as { id: string }).id,
        q: request.query,
        sent: request.body,
      }));
      other.app.get('/api/oubli-reponse', { schema: { querystring: z.object({}) } }, async () => ({
        ok: true,
      }));
      await other.app.ready();
      expect(contractProblems(other.app.routeContracts)).toEqual([
        'POST /api/oubli/:id: no 2xx response schema',
        'POST /api/oubli/:id: path parameters without a params schema',
        'POST /api/oubli/:id: reads the query string without a querystring schema',
        'POST /api/oubli/:id: reads the body without a body schema',
        'GET /api/oubli-reponse: no 2xx response schema',
      ]);
    } finally {
      await other.app.close();
    }
  });

  it('only checks /api routes, and accepts a complete contract', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerOpenApi(app, { publicUrl: 'http://localhost:3000' });
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get(
      '/api/complet/:id',
      { schema: { params: z.object({ id: z.string() }), response: { 200: z.object({}) } } },
      async (request) => ({ id: (request.params as { id: string }).id }),
    );
    await app.ready();
    expect(contractProblems(app.routeContracts)).toEqual([]);
    const paths = Object.keys((app.swagger() as { paths: object }).paths);
    expect(paths).toEqual(['/api/openapi.json', '/api/docs', '/api/complet/{id}']);
    await app.close();
  });
});
