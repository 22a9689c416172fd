import { z } from 'zod';
import { API_TOKEN_MAX_DAYS, API_TOKEN_NAME_MAX, apiTokenScopes } from './api-tokens';
import { apiTokenMessages as m } from './messages/api-tokens';

// Contracts of Paramètres' personal API tokens (docs/architecture.md#personal-api-tokens).

export const apiTokenCreateSchema = z.strictObject({
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(API_TOKEN_NAME_MAX, m.nameTooLong),
  scope: z.enum(apiTokenScopes),
  /** Days until it stops working; null or left out: it does not expire. */
  expiresInDays: z
    .number({ error: m.lifetimeInvalid })
    .int(m.lifetimeInvalid)
    .min(1, m.lifetimeInvalid)
    .max(API_TOKEN_MAX_DAYS, m.lifetimeInvalid)
    .nullable()
    .optional(),
});
export type ApiTokenCreate = z.input<typeof apiTokenCreateSchema>;

/** A token as its owner sees it listed: never its secret, which only its creation shows. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scope: z.enum(apiTokenScopes),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** The address of that last use. */
  lastUsedFrom: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

export const apiTokenCreatedSchema = z.object({
  message: z.string(),
  token: apiTokenSchema,
  /** The token itself: shown this once, stored only as a hash. */
  secret: z.string(),
});
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
