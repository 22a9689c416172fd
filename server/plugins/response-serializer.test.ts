import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer, undeclaredField } from './response-serializer';

const question = z.object({ segment: z.number(), question: z.string() });

async function appAnswering(body: unknown, validate: boolean) {
  const app = Fastify();
  app.setSerializerCompiler(responseSerializer({ validate }));
  app.get('/q', { schema: { response: { 200: question } } }, async () => body);
  const response = await app.inject({ method: 'GET', url: '/q' });
  await app.close();
  return response;
}

describe('response serializer', () => {
  it("sends the handler's own JSON, byte for byte, checked or not", async () => {
    // Keys in the handler's order, not the schema's.
    const body = { question: 'Quel mot ?', segment: 2 };
    for (const validate of [true, false]) {
      const response = await appAnswering(body, validate);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('{"question":"Quel mot ?","segment":2}');
    }
  });

  it('refuses, when checking, a body that breaks its schema or says more than it declares', async () => {
    expect((await appAnswering({ segment: '2', question: 'Quel mot ?' }, true)).statusCode).toBe(
      500,
    );
    const leak = { segment: 2, question: 'Quel mot ?', answer: 'mot2' };
    expect((await appAnswering(leak, true)).statusCode).toBe(500);
    // Production only stringifies.
    expect((await appAnswering(leak, false)).body).toContain('"answer":"mot2"');
  });

  it('finds the first undeclared field, in nested objects and arrays', () => {
    expect(undeclaredField({ a: 1, b: undefined }, { a: 1 })).toBeNull();
    expect(
      undeclaredField(
        { items: [{ id: 1 }, { id: 2, secret: 'x' }] },
        { items: [{ id: 1 }, { id: 2 }] },
      ),
    ).toBe('items.1.secret');
    expect(undeclaredField({ progress: null }, { progress: null })).toBeNull();
  });
});
