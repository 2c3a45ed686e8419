import { z } from 'zod';

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z.string().default('sqlite:./data/club.db'),
    /** Seed the demo club into an empty database at start ('auto' = only when no users exist). */
    SEED_DEMO: z.enum(['auto', 'never', 'always']).default('auto'),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .positive()
      .default(60 * 12),
    SESSION_MAX_HOURS: z.coerce
      .number()
      .int()
      .positive()
      .default(24 * 14),
    /** Serve cookies with Secure and the __Host- prefix; unset, it follows PUBLIC_URL (https → on). */
    SECURE_COOKIES: z.enum(['true', 'false']).optional(),
    PUBLIC_URL: z.string().default('http://localhost:3000'),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Club <no-reply@club.local>'),
    /** Seals passwords and reset links kept in the outbox (mail/outbox-seal.ts); unset, a key file is used. */
    MAIL_OUTBOX_KEY: z.string().optional(),
    MAIL_OUTBOX_KEY_FILE: z.string().optional(),
    /** Signs the mail provider's bounce notices (policies/webhook.ts); unset (or empty), the webhook answers 404. */
    MAIL_WEBHOOK_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),
    LOGIN_MAX_PER_MINUTE: z.coerce.number().int().positive().default(10),
    /** How far the public boards may lag the scores: at most one recomputation per board per interval. */
    PUBLIC_BOARD_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    /**
     * Which peers may tell the client's address in X-Forwarded-For (the per-IP sign-in limit keys on it):
     * 'true' / 'false', a hop count, or addresses/CIDRs/presets. The default trusts a proxy on this host
     * only: a machine on the same private network cannot make up its address (or its scheme).
     */
    TRUST_PROXY: z
      .string()
      .default('loopback')
      .transform((v): boolean | string | ((address: string, hop: number) => boolean) => {
        if (v === 'true' || v === 'false') return v === 'true';
        // A hop count: trust that many proxies in front of the app, whatever their addresses.
        if (/^\d+$/.test(v)) return (_address: string, hop: number) => hop < Number(v);
        return v;
      }),
    FILTER_SPINNER_MS: z.coerce.number().int().min(0).optional(),
    ADMIN_EMAIL: z.string().email().optional(),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    CLIENT_DIR: z.string().default('dist/client'),
    /** How often the hand-over notices and claim links go out (modules/handover); 0 turns the job off. */
    HANDOVER_JOB_MINUTES: z.coerce.number().int().min(0).default(60),
    /** How often pending offers past their deadline expire and promote the waiting list (modules/offers); 0 turns the job off. */
    OFFERS_JOB_MINUTES: z.coerce.number().int().min(0).default(60),
  })
  .transform(({ SECURE_COOKIES, ...rest }) => ({
    ...rest,
    SECURE_COOKIES: SECURE_COOKIES === undefined ? rest.PUBLIC_URL.startsWith('https://') : SECURE_COOKIES === 'true',
  }));

export type Config = z.infer<typeof envSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  return { ...parsed.data, ...overrides };
}
