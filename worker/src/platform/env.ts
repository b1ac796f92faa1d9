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
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().optional(),
  /** Session lifetime in hours. */
  SESSION_TTL_HOURS: z.coerce.number().int().positive().default(24 * 14),
  /** Largest request body the API accepts, in bytes (uploads have their own per-file limit). */
  MAX_UPLOAD_MB: z.coerce.number().positive().default(20),
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
