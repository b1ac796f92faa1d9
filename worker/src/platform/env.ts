import { z } from 'zod';

/** Configuration of either runtime, parsed once at the entry. */
export const envSchema = z.object({
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  /** libSQL server URL (Workers, or Node when set); the embedded file under DATA_DIR otherwise. */
  LIBSQL_URL: z.string().optional(),
  LIBSQL_AUTH_TOKEN: z.string().optional(),
  DRX_ADMIN_USERNAME: z.string().optional(),
  DRX_ADMIN_PASSWORD: z.string().optional(),
  DRX_SEED: z.enum(['demo', 'none']).default('demo'),
  /** Both set: Stripe Checkout; both unset: the built-in test provider (decisions 0024, 0060); one alone refuses to start. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /**
   * `test`: the built-in test provider on purpose. Needed beside no Stripe variable on a
   * deployment (an admin configured, LIBSQL_URL, a PUBLIC_URL not on this machine); a local demo
   * uses the test provider without it (decision 0060).
   */
  PAYMENTS: z.enum(['test']).optional(),
  /** Another address for Stripe's API (the tests' fake Stripe server), read as the SDK's host/port/protocol. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /** Session lifetime in hours. */
  SESSION_TTL_HOURS: z.coerce.number().int().positive().default(24 * 14),
  /** Largest request body the API accepts, in bytes (uploads have their own per-file limit). */
  MAX_UPLOAD_MB: z.coerce.number().positive().default(20),
  /** A session unused for this many days ends. */
  SESSION_IDLE_DAYS: z.coerce.number().int().positive().default(7),
  /**
   * The site's public origin (https://drx.example). Absolute links — certificate verification
   * URLs and QR codes, links in emails — are made from it, never from the request's Host header.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Trust the client address in X-Forwarded-For / X-Real-IP (only behind a reverse proxy that sets
   * them). Off by default: on Node the socket address is used, on Workers CF-Connecting-IP.
   */
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false').transform((v) => v === 'true' || v === '1'),
  /** Upload quota per account, in MB; admins get ADMIN_UPLOAD_QUOTA_MB. */
  UPLOAD_QUOTA_MB: z.coerce.number().positive().default(500),
  ADMIN_UPLOAD_QUOTA_MB: z.coerce.number().positive().default(5000),
  /**
   * Scales every per-address request limit (registration, guest enrolment, contact, uploads).
   * Only for test servers that sign up many users from one address; leave at 1 in production.
   */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  /** Outgoing mail: an smtp:// or smtps:// URL. Unset: emails stay in the outbox at /admin/messages. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('DRX <no-reply@drx.local>'),
  /**
   * Outgoing mail over a provider's HTTP API (decision 0062): `resend`. The only mail on Workers;
   * on Node it is used instead of SMTP_URL. Needs MAIL_API_KEY (without it Node refuses to start).
   */
  MAIL_HTTP_PROVIDER: z.string().optional(),
  /** The mail provider's API key (a secret). */
  MAIL_API_KEY: z.string().optional(),
  /** Another address for the provider's API (the tests' fake endpoint); unset: the provider's own. */
  MAIL_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Key for signed media links; generated once and kept in the database when unset. */
  MEDIA_SIGNING_SECRET: z.string().min(32).optional(),
});

export type AppEnv = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, unknown>): AppEnv {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    if (typeof value === 'string' && value !== '') picked[key] = value;
  }
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}
