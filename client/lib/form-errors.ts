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
