import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/** The field path of the first value `sent` carries that `declared` (its schema's output) dropped. */
export function undeclaredField(sent: unknown, declared: unknown, at = ''): string | null {
  if (Array.isArray(sent) && Array.isArray(declared)) {
    for (const [i, item] of sent.entries()) {
      const found = undeclaredField(item, declared[i], `${at}${i}.`);
      if (found) return found;
    }
    return null;
  }
  if (isRecord(sent) && isRecord(declared)) {
    for (const [key, value] of Object.entries(sent)) {
      if (value === undefined) continue; // JSON leaves it out anyway
      if (!(key in declared)) return `${at}${key}`;
      const found = undeclaredField(value, declared[key], `${at}${key}.`);
      if (found) return found;
    }
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function zodSchema(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`a response schema must be a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * Response bodies are the handler's own JSON, byte for byte, in every environment. Outside
 * production each body is first checked against its route's zod schema: a missing or
 * mistyped field, or a field the schema does not declare (an answer leaking into a
 * question), is a 500 that fails the tests. Production only stringifies: the check cost
 * 3.5–7.5 µs per answer (3–4× JSON.stringify, decision 011) and a drifted schema must not
 * turn a correct answer into an error there.
 */
export function responseSerializer(options: {
  validate: boolean;
}): FastifySerializerCompiler<unknown> {
  if (!options.validate) return () => (data) => JSON.stringify(data);
  return ({ schema, method, url }) => {
    const contract = zodSchema(schema);
    return (data) => {
      const result = safeEncode(contract, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      const extra = undeclaredField(data, result.data);
      if (extra) {
        const cause = new Error(
          `${method} ${url} sends ${extra}, which its schema does not declare`,
        );
        throw new ResponseSerializationError(method, url, { cause: cause as never });
      }
      return JSON.stringify(data);
    };
  };
}
