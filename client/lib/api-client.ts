import { errorMessages } from '../../domain/messages/errors';
import { HttpError } from './http-error';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type ApiRequestOptions = { method?: Method; body?: unknown; signal?: AbortSignal };

/**
 * Calls the Lisons API: JSON in and out, the session cookie sent along (same origin, so the
 * browser also adds the Origin header the server requires on writes). A Blob or File body
 * (a photo) is sent as its raw bytes with its own content type. A non-2xx answer
 * throws an HttpError carrying the server's code and French message; a network failure
 * rejects with fetch's TypeError, which the query client treats as transient.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  const bytes = body instanceof Blob;
  // No content type without a body: the server refuses an empty JSON body.
  if (bytes) headers['content-type'] = body.type || 'application/octet-stream';
  else if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: bytes ? body : body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  const data = await readJson(response);
  if (!response.ok) throw toHttpError(response.status, data);
  return data as T;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** `{ error: { code, message, details } }` → HttpError; anything else gets a generic text. */
export function toHttpError(status: number, data: unknown): HttpError {
  const error =
    typeof data === 'object' && data !== null && 'error' in data
      ? (data.error as { code?: unknown; message?: unknown; details?: unknown } | null)
      : null;
  return new HttpError({
    status,
    code: typeof error?.code === 'string' ? error.code : undefined,
    message:
      typeof error?.message === 'string' && error.message
        ? error.message
        : errorMessages.unexpected,
    details: error?.details,
  });
}
