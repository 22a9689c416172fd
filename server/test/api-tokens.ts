import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ApiTokenCreate } from '../../domain/api-tokens.schemas';
import { callAs } from './call-as';
import type { Reader } from './factories';

/** Creates a personal API token in the reader's Paramètres (the real route); its secret. */
export async function createApiToken(
  app: FastifyInstance,
  reader: Pick<Reader, 'cookie'>,
  body: Partial<ApiTokenCreate> = {},
): Promise<{ id: string; secret: string }> {
  const res = await callAs(app, reader).post('/api/account/tokens', {
    name: `Jeton ${Math.random().toString(36).slice(2, 10)}`,
    scope: 'read',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().token.id, secret: res.json().secret };
}

/**
 * A request as another program sends it with a personal API token: `Authorization: Bearer`,
 * no cookie and no Origin header (no browser involved), unless `headers` adds them.
 */
export function callWithToken(
  app: FastifyInstance,
  token: string,
  method: InjectOptions['method'],
  url: string,
  options: {
    payload?: InjectOptions['payload'];
    headers?: Record<string, string>;
    remoteAddress?: string;
  } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...options.headers },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
}
