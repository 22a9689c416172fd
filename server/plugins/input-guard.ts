import type { FastifyInstance } from 'fastify';
import { errorMessages } from '../../domain/messages/errors';
import { AppError } from '../errors';

/** True when a string, or any key or string inside an object or array, holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Raw bytes (a photo upload) are not text: walking 5 MB of them key by key takes seconds.
  if (ArrayBuffer.isView(value)) return false;
  // Bodies are at most 1 MiB of JSON; the depth cap only guards against pathological nesting.
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * Empty JSON bodies read as {} (below). PostgreSQL cannot store or compare text holding U+0000: any such input would end in a
 * database error. Every route, present or future, refuses it first with a French 400.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // An empty JSON body (a joker or a sign-out sent with `Content-Type: application/json` and
  // nothing to say) is an empty object; anything else goes to Fastify's own parser, which
  // keeps refusing malformed JSON and `__proto__` keys.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, {});
    else json(request, body as string, done);
  });
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw new AppError('VALIDATION_ERROR', errorMessages.invalidCharacter);
    }
  });
}
