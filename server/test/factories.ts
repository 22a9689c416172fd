import type { FastifyInstance } from 'fastify';
import { origin } from './app';

export type Reader = { id: string; email: string; password: string; cookie: string };

let counter = 0;

/** Signs a new reader up through the real route and returns their session cookie. */
export async function createReader(
  app: FastifyInstance,
  overrides: { email?: string; password?: string; ip?: string } = {},
): Promise<Reader> {
  counter += 1;
  const email = overrides.email ?? `lecteur${counter}-${Date.now()}@exemple.fr`;
  const password = overrides.password ?? 'motdepasse1';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: origin,
    payload: { email, password },
    remoteAddress: overrides.ip ?? `10.1.${counter % 250}.${(counter * 7) % 250}`,
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { id: res.json().user.id, email: email.toLowerCase(), password, cookie: cookieOf(res) };
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieOf(res: { cookies: { name: string; value: string }[] }): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
