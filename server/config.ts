import net from 'node:net';
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

const stripeUrl = z
  .url({ error: 'doit être une adresse https://…' })
  .regex(/^https:\/\//, 'doit être une adresse https://…')
  .optional();

const httpUrl = z
  .url({ error: 'doit être une adresse http(s)://…' })
  .regex(/^https?:\/\//, 'doit être une adresse http(s)://…');

// Names proxy-addr (Fastify's trustProxy) understands besides addresses and CIDRs.
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry) || net.isIP(entry) !== 0) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || bits === undefined || rest.length > 0 || !/^\d{1,3}$/.test(bits))
    return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/** Fastify's trustProxy: a proxy-addr trust function or the proxies' addresses. */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * Which hops may set X-Forwarded-For: none (false), the last N (a hop count), or the listed
 * proxies. `true` would believe the client's own leftmost entry, which keys rate limits.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    // Fastify 5.12 trusts no one for a bare number (it cannot check the peer), so a count is a
    // trust function: the socket's peer and the next N-1 entries from the right are proxies.
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  if (v === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'ne peut plus valoir true (tout client choisirait son adresse IP) : indique le nombre de proxys devant Lisons (1, 2…) ou leurs adresses (ex. 10.0.0.2,10.1.0.0/16)',
    });
    return z.NEVER;
  }
  const entries = v.split(',').map((e) => e.trim());
  if (!entries.every(isProxyAddress)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'doit être un nombre de proxys (1, 2…), des adresses ou réseaux de proxys séparés par des virgules, ou false',
    });
    return z.NEVER;
  }
  return entries;
}

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
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
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
  // Readers review proposed questions from this level (decision 045).
  QUESTION_REVIEWER_LEVEL: z.coerce
    .number({ error: 'doit être un nombre' })
    .int('doit être un entier')
    .min(1, 'doit être entre 1 et 50')
    .max(50, 'doit être entre 1 et 50')
    .default(3),
  ANSWER_RATE_LIMIT: z.coerce
    .number({ error: 'doit être un nombre' })
    .int('doit être un entier')
    .min(1, 'doit être au moins 1')
    .default(20),
  SIGN_UP_RATE_LIMIT: z.coerce
    .number({ error: 'doit être un nombre' })
    .int('doit être un entier')
    .min(1, 'doit être au moins 1')
    .default(20),
  LIVE_HEARTBEAT_SECONDS: z.coerce
    .number({ error: 'doit être un nombre' })
    .int('doit être un entier')
    .min(1, 'doit être entre 1 et 300')
    .max(300, 'doit être entre 1 et 300')
    .default(25),
  LIVE_STREAMS_PER_ADDRESS: z.coerce
    .number({ error: 'doit être un nombre' })
    .int('doit être un entier')
    .min(1, 'doit être au moins 1')
    .default(30),
  BACKUP_DIR: z.string().min(1, 'ne doit pas être vide').optional(),
  BACKUP_KEEP: z.coerce
    .number({ error: 'doit être un nombre' })
    .int('doit être un entier')
    .min(0, 'doit être positif (0 : pas de sauvegarde quotidienne)')
    .default(7),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'doit être un nombre' })
    .int('doit être un entier')
    .min(0, 'doit être positif')
    .default(10_000),
  METRICS_TOKEN: z
    .string()
    .min(32, 'doit contenir au moins 32 caractères (ex. openssl rand -hex 32)')
    .regex(/^[\x21-\x7e]+$/, 'doit être une suite de caractères ASCII visibles, sans espace')
    .optional(),
  // Premium (decision 027): Stripe's webhook secret, its two payment links, its customer portal.
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[\x21-\x7e]+$/, 'doit être le secret de signature du webhook Stripe (whsec_…)')
    .optional(),
  STRIPE_LINK_LIFETIME: stripeUrl,
  STRIPE_LINK_ANNUAL: stripeUrl,
  STRIPE_PORTAL_URL: stripeUrl,
  PREMIUM_EARLY_BIRD_UNTIL: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'doit être une date AAAA-MM-JJ (dernier jour de l’offre)')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'doit être une date valide')
    .optional(),
  // Web Push reminders (decision 032): without the keys, a pair is generated once into the
  // database (app_settings), so every process signs with the same one.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'doit être une clé publique VAPID (base64url, 87 caractères)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'doit être une clé privée VAPID (base64url, 43 caractères)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'doit être une adresse mailto:… ou https://…')
    .optional(),
  // The open-catalogue lookup (decision 042): on unless BOOK_LOOKUP=off; a timeout under 5 s
  // so a hanging remote still gives the reader a message in time.
  BOOK_LOOKUP: z.enum(['on', 'off'], { error: 'doit valoir on ou off' }).default('on'),
  BOOK_LOOKUP_URL: httpUrl.default('https://openlibrary.org'),
  BOOK_LOOKUP_COVERS_URL: httpUrl.default('https://covers.openlibrary.org'),
  BOOK_LOOKUP_TIMEOUT_MS: z.coerce
    .number({ error: 'doit être un nombre' })
    .int('doit être un entier')
    .min(100, 'doit être entre 100 et 30000 (millisecondes)')
    .max(30_000, 'doit être entre 100 et 30000 (millisecondes)')
    .default(4000),
});

// Variables whose value a configuration error never repeats.
const SECRET_VARIABLES = new Set(['METRICS_TOKEN', 'STRIPE_WEBHOOK_SECRET', 'VAPID_PRIVATE_KEY']);

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Who may set X-Forwarded-For: no proxy, the last N hops, or these proxies' addresses. */
  trustProxy: TrustProxy;
  shutdownTimeoutMs: number;
  /** Address readers use to reach the app (links in e-mails; https turns on Secure cookies). */
  publicUrl: string;
  /** Signs session cookies; without it a random one is kept in the database. */
  authSecret: string | undefined;
  /** Without SMTP_URL, mails are written as .eml files into `outboxDir` (DATA_DIR/mail). */
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  adminEmails: string[];
  /** Load the demo catalogue into an empty database at start-up (default: embedded only). */
  demoCatalogue: boolean;
  /** Cooldown after three wrong answers on a segment. */
  validationLockMinutes: number;
  /** The level from which readers review proposed questions (decision 045). */
  questionReviewerLevel: number;
  /** Answers and jokers a reader may send per minute. */
  answerRateLimit: number;
  /** Accounts one address may create per hour. */
  signUpRateLimit: number;
  /** Seconds between the comment lines that keep an idle live stream open through proxies. */
  liveHeartbeatSeconds: number;
  /** Live streams one address may hold open in one process (the reader's own cap is fixed). */
  liveStreamsPerAddress: number;
  /** Bearer token of GET /metrics; without it /metrics answers 404 (decision 023). */
  metricsToken: string | undefined;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  /** The embedded server's daily snapshots: where, and how many are kept (0: none). */
  backup: BackupConfig;
  /** Premium through Stripe (decision 027); without the links the page says payment is unavailable. */
  premium: PremiumConfig;
  /** The open-catalogue lookup (decision 042); `enabled: false` answers "off" without a request. */
  bookLookup: BookLookupConfig;
  /** Web Push reminders' keys; both undefined: generated once and kept in the database. */
  vapid: {
    publicKey: string | undefined;
    privateKey: string | undefined;
    subject: string | undefined;
  };
};

export type PremiumConfig = {
  webhookSecret: string | undefined;
  lifetimeLink: string | undefined;
  annualLink: string | undefined;
  portalUrl: string | undefined;
  /** Last day (YYYY-MM-DD, Paris) of the early-bird lifetime price; undefined: no end. */
  earlyBirdUntil: string | undefined;
};

export type BookLookupConfig = {
  enabled: boolean;
  /** Open Library's address (search and ISBN endpoints), without a trailing slash. */
  url: string;
  /** Open Library's covers service, without a trailing slash. */
  coversUrl: string;
  /** The whole lookup's budget, follow-up requests included. */
  timeoutMs: number;
};

export type BackupConfig = { dir: string; keep: number };

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function parseEnv(env: Env): z.infer<typeof envSchema> {
  // An empty variable counts as unset, as in most shells' `FOO= npm start`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environnement');
    throw invalid(
      name,
      issue?.message ?? '',
      SECRET_VARIABLES.has(name) ? undefined : cleaned[name],
    );
  }
  return parsed.data;
}

// Never echoed: a secret's value, and the password inside an address.
function shownValue(name: string, received: string): string {
  if (name === 'AUTH_SECRET') return `${[...received].length} caractères`;
  return `« ${received.replace(/(\/\/[^:/@\s]*:)[^@\s]*@/, '$1***@')} »`;
}

function invalid(name: string, message: string, received: string | undefined): ConfigError {
  const shown = received === undefined ? '' : ` (reçu ${shownValue(name, received)})`;
  return new ConfigError(`Configuration invalide : ${name} ${message}${shown}`);
}

/**
 * A real deployment (DATABASE_URL) must not fall back to the embedded defaults: a secret
 * each process would not share, cookies without Secure and e-mail links to localhost.
 */
function checkDeployment(e: z.infer<typeof envSchema>): void {
  if (!e.AUTH_SECRET) {
    throw invalid(
      'AUTH_SECRET',
      'est obligatoire avec DATABASE_URL : au moins 32 caractères aléatoires, les mêmes pour tous les processus (ex. openssl rand -base64 32)',
      undefined,
    );
  }
  if (!e.PUBLIC_URL?.startsWith('https://')) {
    throw invalid(
      'PUBLIC_URL',
      'doit être l’adresse https://… où les lecteurs ouvrent Lisons quand DATABASE_URL est défini (cookies Secure, liens des e-mails)',
      e.PUBLIC_URL,
    );
  }
}

function databaseOf(e: z.infer<typeof envSchema>): Config['database'] {
  return e.DATABASE_URL
    ? { kind: 'postgres', url: e.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR) };
}

/**
 * Reads the configuration from environment variables. A wrong value throws a ConfigError
 * whose one-line message names the variable, so start-up stops with a clear reason.
 */
export function loadConfig(env: Env = process.env): Config {
  const e = parseEnv(env);
  if (e.DATABASE_URL) checkDeployment(e);
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw invalid(
      'VAPID_PRIVATE_KEY',
      'va de pair avec VAPID_PUBLIC_KEY : les deux ou aucune',
      undefined,
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    authSecret: e.AUTH_SECRET,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: path.resolve(e.DATA_DIR, 'mail'),
    },
    adminEmails: e.ADMIN_EMAILS,
    demoCatalogue: e.DEMO_CATALOGUE ?? !e.DATABASE_URL,
    validationLockMinutes: e.VALIDATION_LOCK_MINUTES,
    questionReviewerLevel: e.QUESTION_REVIEWER_LEVEL,
    answerRateLimit: e.ANSWER_RATE_LIMIT,
    signUpRateLimit: e.SIGN_UP_RATE_LIMIT,
    liveHeartbeatSeconds: e.LIVE_HEARTBEAT_SECONDS,
    liveStreamsPerAddress: e.LIVE_STREAMS_PER_ADDRESS,
    metricsToken: e.METRICS_TOKEN,
    database: databaseOf(e),
    backup: backupOf(e),
    premium: {
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      lifetimeLink: e.STRIPE_LINK_LIFETIME,
      annualLink: e.STRIPE_LINK_ANNUAL,
      portalUrl: e.STRIPE_PORTAL_URL,
      earlyBirdUntil: e.PREMIUM_EARLY_BIRD_UNTIL,
    },
    bookLookup: {
      enabled: e.BOOK_LOOKUP === 'on',
      url: e.BOOK_LOOKUP_URL.replace(/\/+$/, ''),
      coversUrl: e.BOOK_LOOKUP_COVERS_URL.replace(/\/+$/, ''),
      timeoutMs: e.BOOK_LOOKUP_TIMEOUT_MS,
    },
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT,
    },
  };
}

function backupOf(e: z.infer<typeof envSchema>): BackupConfig {
  return {
    dir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    keep: e.BACKUP_KEEP,
  };
}

/** Only where the data is, for command-line tools that neither serve pages nor sign cookies. */
export function loadDatabaseConfig(env: Env = process.env): Config['database'] {
  return databaseOf(parseEnv(env));
}

/** The database and the snapshots' folder, for the backup and restore commands. */
export function loadBackupConfig(env: Env = process.env): Pick<Config, 'database' | 'backup'> {
  const e = parseEnv(env);
  return { database: databaseOf(e), backup: backupOf(e) };
}
