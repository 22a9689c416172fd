import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors';
import { buildTestApp, origin, type TestApp } from '../test/app';

// Routes added for this test only, to exercise each kind of failure through the real app.
describe('the JSON error shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    t.app.post(
      '/api/test/echo',
      {
        schema: {
          body: z.object({ name: z.string().min(3, 'Le nom doit contenir au moins 3 caractères') }),
        },
      },
      async (request) => request.body,
    );
    t.app.get('/api/test/exists', async () => {
      throw new AppError('ALREADY_EXISTS', 'Le livre "Nana" est déjà dans votre liste de lecture');
    });
    t.app.get('/api/test/crash', async () => {
      throw new Error('secret internal detail');
    });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('answers an unknown API path with 404 NOT_FOUND in French', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: "Cette ressource n'existe pas." },
    });
  });

  it('answers a schema violation with 400 and the schema’s French message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'Al' },
      headers: origin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Le nom doit contenir au moins 3 caractères',
        details: {
          fields: [{ path: 'name', message: 'Le nom doit contenir au moins 3 caractères' }],
        },
      },
    });
  });

  it('uses French default messages where a schema sets none', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: {},
      headers: origin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^Entrée invalide/);
  });

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...origin, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'INVALID_JSON', message: "Le contenu envoyé n'est pas un JSON valide." },
    });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...origin, 'content-type': 'application/xml' },
      payload: '<name>Alice</name>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'x'.repeat(1_100_000) },
      headers: origin,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'Le contenu envoyé est trop volumineux.' },
    });
  });

  it('turns an AppError into its status, code and message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/exists' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: 'ALREADY_EXISTS',
        message: 'Le livre "Nana" est déjà dans votre liste de lecture',
      },
    });
  });

  it('hides unexpected failures behind a generic French 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Une erreur inattendue est survenue' },
    });
    expect(res.body).not.toContain('secret');
  });
});
