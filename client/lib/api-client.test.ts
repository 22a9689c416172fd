import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';
import { HttpError } from './http-error';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: string | null, type = 'application/json') {
  const fetchMock = vi.fn(
    async () => new Response(body, { status, headers: { 'content-type': type } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('sends JSON with the session cookie and returns the parsed answer', async () => {
    const fetchMock = answer(200, '{"ok":true}');
    await expect(
      apiRequest('/api/profiles/me', { method: 'PATCH', body: { username: 'Léa' } }),
    ).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/profiles/me', {
      method: 'PATCH',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: '{"username":"Léa"}',
      credentials: 'same-origin',
      signal: undefined,
    });
  });

  it('sends no content type when there is no body (the server refuses empty JSON)', async () => {
    const fetchMock = answer(200, '{}');
    await apiRequest('/api/auth/sign-out', { method: 'POST' });
    const init = (fetchMock.mock.calls[0] as unknown[] | undefined)?.[1] as RequestInit;
    expect(init.headers).toEqual({ accept: 'application/json' });
    expect(init.body).toBeUndefined();
  });

  it('sends a file as its raw bytes with its own content type (a photo upload)', async () => {
    const fetchMock = answer(200, '{}');
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'moi.png', {
      type: 'image/png',
    });
    await apiRequest('/api/profiles/me/avatar', { method: 'PUT', body: photo });
    const init = (fetchMock.mock.calls[0] as unknown[] | undefined)?.[1] as RequestInit;
    expect(init.headers).toEqual({ accept: 'application/json', 'content-type': 'image/png' });
    expect(init.body).toBe(photo);
    await apiRequest('/x', { method: 'PUT', body: new Blob([new Uint8Array([1])]) });
    const untyped = (fetchMock.mock.calls[1] as unknown[] | undefined)?.[1] as RequestInit;
    expect(untyped.headers).toMatchObject({ 'content-type': 'application/octet-stream' });
  });

  it("throws an HttpError with the server's code, French message and details", async () => {
    answer(
      400,
      JSON.stringify({
        error: {
          code: 'VALIDATION_ERROR',
          message: "L'email est requis",
          details: { fields: [{ path: 'email', message: "L'email est requis" }] },
        },
      }),
    );
    const error = await apiRequest('/api/auth/sign-in', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: "L'email est requis",
      details: { fields: [{ path: 'email', message: "L'email est requis" }] },
    });
  });

  it('gives a generic French message to an answer that is not ours', async () => {
    answer(502, '<html>Bad gateway</html>', 'text/html');
    await expect(apiRequest('/api/auth/session')).rejects.toMatchObject({
      status: 502,
      code: undefined,
      message: 'Une erreur inattendue est survenue',
    });
  });

  it('lets a network failure through as the TypeError the retry policy expects', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/api/auth/session')).rejects.toBeInstanceOf(TypeError);
  });
});
