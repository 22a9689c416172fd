import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { callAs } from '../test/call-as';
import { createAdmin, createReader, type Reader } from '../test/factories';
import {
  bearerToken,
  requireAdmin,
  requireReader,
  requireSession,
  signedIn,
  tokenAccessOf,
} from './auth';
import { sessionOptional, sessionRequired } from './openapi';

// The guards every module uses: the session is read once into request.reader, a reader's
// route refuses visitors in its own words, an administrators' route refuses readers.
describe('auth plugin guards', () => {
  let t: TestApp;
  let reader: Reader;
  let admin: Reader;
  let sessionReads = 0;
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: 'directrice@exemple.fr' });
    // Routes of a module that does not exist yet, as the back office will add them.
    await t.app.register(async (scope) => {
      scope.addHook('preHandler', requireAdmin);
      scope.get('/api/test-admin/books', async (request) => ({ by: signedIn(request).email }));
    });
    t.app.get(
      '/api/test-reader/notes',
      { preHandler: requireReader('Connecte-toi pour lire tes notes') },
      async (request) => {
        sessionReads += request.reader ? 1 : 0;
        return { id: signedIn(request).id };
      },
    );
    reader = await createReader(t.app);
    admin = await createAdmin(t, { email: 'directrice@exemple.fr' });
  });
  afterAll(() => t.close());

  const get = (url: string, who: Reader | null) => callAs(t.app, who).get(url);

  it('lets an administrator in, and refuses a reader with 403 “Accès refusé”', async () => {
    const ok = await get('/api/test-admin/books', admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ by: 'directrice@exemple.fr' });
    const refused = await get('/api/test-admin/books', reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'FORBIDDEN',
      message: 'Accès refusé: Droits administrateur requis',
    });
  });

  it('asks a visitor to sign in, on an administrators’ route and on a reader’s route', async () => {
    const admins = await get('/api/test-admin/books', null);
    expect(admins.statusCode).toBe(401);
    expect(admins.json().error.code).toBe('AUTH_REQUIRED');
    const notes = await get('/api/test-reader/notes', null);
    expect(notes.statusCode).toBe(401);
    expect(notes.json().error.message).toBe('Connecte-toi pour lire tes notes');
  });

  it('gives a guarded route the signed-in reader, read once before the handler', async () => {
    const res = await get('/api/test-reader/notes', reader);
    expect(res.json()).toEqual({ id: reader.id });
    expect(sessionReads).toBe(1);
  });
});

describe('what a personal API token may do on a route, from its guard', () => {
  const noop = async () => {};
  const session = { security: sessionRequired };
  const optional = { security: sessionOptional };

  it('reads on GET and writes elsewhere behind requireReader, or the scope it states', () => {
    expect(tokenAccessOf({ method: 'GET', preHandler: requireReader(), schema: session })).toBe(
      'read',
    );
    expect(tokenAccessOf({ method: 'HEAD', preHandler: requireReader() })).toBe('read');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(tokenAccessOf({ method, preHandler: [requireReader(), noop] })).toBe('write');
    }
    expect(
      tokenAccessOf({ method: 'GET', preHandler: requireReader('x', { token: 'write' }) }),
    ).toBe('write');
  });

  it('is refused behind requireSession and requireAdmin, whatever else guards the route', () => {
    expect(tokenAccessOf({ method: 'GET', preHandler: requireSession() })).toBe('refused');
    expect(tokenAccessOf({ method: 'GET', preHandler: requireAdmin })).toBe('refused');
    expect(tokenAccessOf({ method: 'GET', preHandler: [requireReader(), requireAdmin] })).toBe(
      'refused',
    );
  });

  it('reads on an optional session’s GET, never writes there, and is unused on a public route', () => {
    expect(tokenAccessOf({ method: 'GET', schema: optional })).toBe('read');
    expect(tokenAccessOf({ method: 'POST', schema: optional })).toBe('refused');
    expect(tokenAccessOf({ method: 'GET' })).toBe('unused');
    expect(tokenAccessOf({ method: 'POST', preHandler: noop })).toBe('unused');
  });

  it('reads the bearer scheme only, in any case; another scheme is no token', () => {
    const withHeader = (authorization?: string) =>
      bearerToken({ headers: { authorization } } as FastifyRequest);
    expect(withHeader('Bearer lisons_pat_abc')).toBe('lisons_pat_abc');
    expect(withHeader('bearer   lisons_pat_abc  ')).toBe('lisons_pat_abc');
    expect(withHeader('Bearer')).toBe('');
    expect(withHeader('Basic dXNlcjpwYXNz')).toBeNull();
    expect(withHeader('Bearerlisons_pat_abc')).toBeNull();
    expect(withHeader(undefined)).toBeNull();
  });
});
