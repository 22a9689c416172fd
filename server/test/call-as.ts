import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { origin } from './app';
import type { Reader } from './factories';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** What a request may add to the reader's cookie and the app's Origin. */
export type CallOptions = Pick<InjectOptions, 'query' | 'remoteAddress'> & {
  headers?: Record<string, string>;
};

export type Caller = {
  get: (url: string, options?: CallOptions) => Promise<LightMyRequestResponse>;
  delete: (
    url: string,
    payload?: unknown,
    options?: CallOptions,
  ) => Promise<LightMyRequestResponse>;
  post: (url: string, payload?: unknown, options?: CallOptions) => Promise<LightMyRequestResponse>;
  put: (url: string, payload?: unknown, options?: CallOptions) => Promise<LightMyRequestResponse>;
  patch: (url: string, payload?: unknown, options?: CallOptions) => Promise<LightMyRequestResponse>;
  /** Any method, for tables of routes. */
  send: (
    method: Method,
    url: string,
    payload?: unknown,
    options?: CallOptions,
  ) => Promise<LightMyRequestResponse>;
};

/**
 * Requests as a page of the app sends them for this reader (null: signed out): their session
 * cookie and the app's Origin header (changes without it are refused, origin-check.ts). No
 * payload, no body: `undefined` sends none.
 */
export function callAs(app: FastifyInstance, reader: Pick<Reader, 'cookie'> | null): Caller {
  const send: Caller['send'] = (method, url, payload, options = {}) =>
    app.inject({
      method,
      url,
      headers: { ...origin, ...(reader ? { cookie: reader.cookie } : {}), ...options.headers },
      ...(options.query === undefined ? {} : { query: options.query }),
      ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    get: (url, options) => send('GET', url, undefined, options),
    delete: (url, payload, options) => send('DELETE', url, payload, options),
    post: (url, payload, options) => send('POST', url, payload, options),
    put: (url, payload, options) => send('PUT', url, payload, options),
    patch: (url, payload, options) => send('PATCH', url, payload, options),
    send,
  };
}
