import { createHash } from 'node:crypto';
import http from 'node:http';

// A client that speaks to /kosync as KOReader's « Progress sync » plugin does (decision 053):
// over a real socket, with the plugin's headers and bodies (plugins/kosync.koplugin:
// api.json, KOSyncClient.lua, main.lua), in the order it calls them. The key it sends is the
// MD5 of the password typed in the login dialog, never the password.

/** The media type KOReader's GinClient middleware puts in every request's Accept header. */
const ACCEPT = 'application/vnd.koreader.v1+json';

export type KoreaderResponse = { status: number; headers: http.IncomingHttpHeaders; body: unknown };

export type RawRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  /** Sent as is (a JSON text, or anything else a test wants to try). */
  body?: string | Buffer;
};

/** One HTTP/1.1 request on its own connection; the body parsed as JSON when it is JSON. */
export function rawRequest(baseUrl: string, request: RawRequest): Promise<KoreaderResponse> {
  const url = new URL(request.path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: `${url.pathname}${url.search}`,
        headers: {
          ...(request.body === undefined
            ? {}
            : { 'content-length': Buffer.byteLength(request.body) }),
          ...request.headers,
        },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: the text itself
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on('error', reject);
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}

/** What `md5(password)` gives in KOReader (ffi/sha2's md5: lowercase hex). */
export const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * One KOReader device: its model name (Device.model), its id (the global `device_id` setting,
 * a random UUID), the custom server, and the credentials saved at login (username, userkey).
 */
export function koreaderDevice(options: {
  /** The « Custom sync server » the reader typed: PUBLIC_URL + /kosync. */
  server: string;
  model: string;
  deviceId: string;
}) {
  const base = options.server.endsWith('/') ? options.server : `${options.server}/`;
  const send = (request: RawRequest) =>
    rawRequest(base, { ...request, path: request.path.replace(/^\//, '') });
  let username: string | null = null;
  let userkey: string | null = null;
  /** GinClient, then KOSyncAuth, as the plugin enables them. */
  const authHeaders = (): Record<string, string> => ({
    accept: ACCEPT,
    'x-auth-user': username ?? '',
    'x-auth-key': userkey ?? '',
  });
  /** Format.JSON: the body as JSON, with its content type. */
  const json = (payload: unknown) => ({
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });

  return {
    model: options.model,
    deviceId: options.deviceId,

    /** « Register »: POST /users/create with the MD5 of the password as `password`. */
    register(name: string, password: string) {
      const payload = json({ username: name, password: md5(password) });
      return send({
        method: 'POST',
        path: '/users/create',
        headers: { accept: ACCEPT, ...payload.headers },
        body: payload.body,
      });
    },

    /** « Login »: GET /users/auth; on 200 the plugin keeps the username and the key. */
    async login(name: string, password: string) {
      const key = md5(password);
      const res = await send({
        method: 'GET',
        path: '/users/auth',
        headers: { accept: ACCEPT, 'x-auth-user': name, 'x-auth-key': key },
      });
      if (res.status === 200) {
        username = name;
        userkey = key;
      }
      return res;
    },

    /** Opening a document (onReaderReady, auto sync on): a pull of its position. */
    openDocument(digest: string) {
      return this.pull(digest);
    },

    /** getProgress: GET /syncs/progress/:document. */
    pull(digest: string) {
      return send({ method: 'GET', path: `/syncs/progress/${digest}`, headers: authHeaders() });
    },

    /**
     * Closing the document, suspending the device or its periodic push (onCloseDocument,
     * onSuspend, every N pages): updateProgress, PUT /syncs/progress with the position as text
     * (tostring), the rounded percentage, Device.model and device_id.
     */
    push(
      digest: string,
      position: { progress: string | number; percentage: number },
      extra: Record<string, unknown> = {},
    ) {
      const payload = json({
        document: digest,
        progress: String(position.progress),
        percentage: position.percentage,
        device: options.model,
        device_id: options.deviceId,
        ...extra,
      });
      return send({
        method: 'PUT',
        path: '/syncs/progress',
        headers: { ...authHeaders(), ...payload.headers },
        body: payload.body,
      });
    },

    /** closeDocument is a push (onCloseDocument forces one). */
    closeDocument(digest: string, position: { progress: string | number; percentage: number }) {
      return this.push(digest, position);
    },

    /**
     * The plugin's pull decision (main.lua getProgress): no percentage means no progress;
     * the same device and device_id means "latest progress is coming from this device".
     */
    readsAs(body: unknown): 'no progress' | 'from this device' | 'from another device' {
      const b = body as { percentage?: unknown; device?: unknown; device_id?: unknown };
      if (b.percentage === undefined || b.percentage === null) return 'no progress';
      if (b.device === options.model && b.device_id === options.deviceId) return 'from this device';
      return 'from another device';
    },
  };
}

export type KoreaderDevice = ReturnType<typeof koreaderDevice>;
