import type { z } from 'zod';

/** The first message of each field of a failed zod parse: { email: "L'email est requis" }. */
export function firstErrorByField(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The first message of each field of a refused request (the server's 400 lists every wrong
 * field in `details.fields`, server/plugins/errors.ts): a form shows them all at once.
 */
export function serverErrorsByField(details: unknown): Record<string, string> {
  const fields = (details as { fields?: unknown } | null | undefined)?.fields;
  const errors: Record<string, string> = {};
  if (!Array.isArray(fields)) return errors;
  for (const field of fields as { path?: unknown; message?: unknown }[]) {
    if (typeof field.path === 'string' && typeof field.message === 'string')
      errors[field.path] ??= field.message;
  }
  return errors;
}
