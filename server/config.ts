import path from 'node:path';
import { z } from 'zod';

const port = z.coerce
  .number({ error: 'doit être un nombre' })
  .int('doit être un entier')
  .min(1, 'doit être entre 1 et 65535')
  .max(65535, 'doit être entre 1 et 65535');

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\/\S+$/, 'doit être une adresse postgres://…')
  .optional();

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'doit valoir development, production ou test',
    })
    .default('production'),
  PORT: port.default(3000),
  HOST: z.string().min(1, 'ne doit pas être vide').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'ne doit pas être vide').default('./data'),
  DATABASE_URL: postgresUrl,
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'doit valoir fatal, error, warn, info, debug, trace ou silent',
    })
    .default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'], { error: 'doit valoir true ou false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  PUBLIC_URL: z
    .url({ error: 'doit être une adresse http(s)://…' })
    .regex(/^https?:\/\//, 'doit être une adresse http(s)://…')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'doit contenir au moins 32 caractères').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'doit être une adresse smtp://… ou smtps://…')
    .optional(),
  MAIL_FROM: z
    .string()
    .min(3, 'doit être une adresse d’expéditeur')
    .default('Lisons <bonjour@lisons.app>'),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'doit être une liste d’e-mails séparés par des virgules' }))),
  DEMO_CATALOGUE: z
    .enum(['true', 'false', '1', '0'], { error: 'doit valoir true ou false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  VALIDATION_LOCK_MINUTES: z.coerce
    .number({ error: 'doit être un nombre' })
    .int('doit être un entier')
    .min(1, 'doit être entre 1 et 1440')
    .max(1440, 'doit être entre 1 et 1440')
    .default(30),
  ANSWER_RATE_LIMIT: z.coerce
    .number({ error: 'doit être un nombre' })
    .int('doit être un entier')
    .min(1, 'doit être au moins 1')
    .default(20),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'doit être un nombre' })
    .int('doit être un entier')
    .min(0, 'doit être positif')
    .default(10_000),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  shutdownTimeoutMs: number;
  /** Address readers use to reach the app (links in e-mails; https turns on Secure cookies). */
  publicUrl: string;
  /** Signs session cookies; without it a random one is kept in the database. */
  authSecret: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  adminEmails: string[];
  /** Load the demo catalogue into an empty database at start-up (default: embedded only). */
  demoCatalogue: boolean;
  /** Cooldown after three wrong answers on a segment. */
  validationLockMinutes: number;
  /** Answers and jokers a reader may send per minute. */
  answerRateLimit: number;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
};

export class ConfigError extends Error {}

/**
 * Reads the configuration from environment variables. A wrong value throws a ConfigError
 * whose one-line message names the variable, so start-up stops with a clear reason.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset, as in most shells' `FOO= npm start`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environnement');
    const received = cleaned[name] === undefined ? '' : ` (reçu « ${cleaned[name]} »)`;
    throw new ConfigError(`Configuration invalide : ${name} ${issue?.message ?? ''}${received}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    authSecret: e.AUTH_SECRET,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    adminEmails: e.ADMIN_EMAILS,
    demoCatalogue: e.DEMO_CATALOGUE ?? !e.DATABASE_URL,
    validationLockMinutes: e.VALIDATION_LOCK_MINUTES,
    answerRateLimit: e.ANSWER_RATE_LIMIT,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR) },
  };
}
