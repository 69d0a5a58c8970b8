import { z } from 'zod';
import path from 'node:path';
import { parseAllowedHosts, parseNetworks, type OutboundPolicy } from './net/outbound.ts';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

const emailList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

/** A comma-separated list checked (and turned into its value) by `parse`. */
const listOf = <T>(parse: (value: string) => T, fallback: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parse(value ?? fallback);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    APP_URL: optionalUrl,
    APP_SECRET: optionalString.pipe(
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.string().trim().min(3).default('Meridian <no-reply@meridian.local>'),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_NAME: z.string().trim().min(1).default('SSO'),
    SUPER_ADMIN_EMAILS: emailList,
    GTM_ID: optionalString.pipe(
      z
        .string()
        .regex(/^(GTM|G)-[A-Z0-9]+$/, 'must be GTM- or G- followed by uppercase letters or digits')
        .optional(),
    ),
    SEED_ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    SEED_ADMIN_PASSWORD: optionalString.pipe(z.string().min(12).optional()),
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((v) => v === 'true' || v === '1'),
    OUTBOUND_DATABASE_NETWORKS: listOf(parseNetworks, 'private,loopback'),
    OUTBOUND_HTTP_NETWORKS: listOf(parseNetworks, 'public'),
    OUTBOUND_MODEL_NETWORKS: listOf(parseNetworks, 'public'),
    OUTBOUND_ALLOWED_HOSTS: listOf(parseAllowedHosts, ''),
    DEMO_MODEL_BASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^https?:\/\//, 'must start with http:// or https://')
        .pipe(z.url())
        .optional(),
    ),
    DEMO_MODEL_API_KEY: optionalString,
    DEMO_MODEL: optionalString,
    DEMO_MODEL_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    DEMO_MODEL_MAX_TOKENS: z.coerce.number().int().min(1).default(512),
    /** `off`: this process fires no schedules (tests drive the loop themselves). */
    SCHEDULER: z.enum(['on', 'off']).default('on'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
  })
  .superRefine((env, ctx) => {
    const pairs: [keyof typeof env, keyof typeof env][] = [
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      ['OIDC_CLIENT_ID', 'OIDC_ISSUER'],
      ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
    ];
    if (env.DEMO_MODEL_BASE_URL && !env.DEMO_MODEL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO_MODEL'],
        message: 'is required when DEMO_MODEL_BASE_URL is set',
      });
    }
    for (const [a, b] of pairs) {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        const missing = env[a] ? b : a;
        ctx.addIssue({
          code: 'custom',
          path: [missing],
          message: `is required when ${missing === a ? b : a} is set`,
        });
      }
    }
  });

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  appSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string } | undefined;
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | undefined;
  superAdminEmails: string[];
  gtmId: string | undefined;
  seedAdmin: { email: string | undefined; password: string | undefined };
  logLevel: string;
  trustProxy: boolean;
  outbound: OutboundPolicy;
  /** The try-builder's demo model (issue 16 §2); off when DEMO_MODEL_BASE_URL is unset. */
  demoModel: DemoModelConfig | undefined;
  /** Whether this process runs the schedules' firing loop (SCHEDULER, default on). */
  scheduler: boolean;
};

export type DemoModelConfig = {
  baseUrl: string;
  /** Server only: never sent to a browser, never logged. */
  apiKey: string | undefined;
  model: string;
  /** Requests per client address per minute. */
  rateLimit: number;
  maxTokens: number;
};

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** Reads and validates the environment; the only place that looks at process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    appSecret: e.APP_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER.replace(/\/$/, ''),
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            name: e.OIDC_NAME,
          }
        : undefined,
    superAdminEmails: e.SUPER_ADMIN_EMAILS,
    gtmId: e.GTM_ID,
    seedAdmin: { email: e.SEED_ADMIN_EMAIL, password: e.SEED_ADMIN_PASSWORD },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    outbound: {
      database: e.OUTBOUND_DATABASE_NETWORKS,
      http: e.OUTBOUND_HTTP_NETWORKS,
      model: e.OUTBOUND_MODEL_NETWORKS,
      allowedHosts: e.OUTBOUND_ALLOWED_HOSTS,
    },
    demoModel:
      e.DEMO_MODEL_BASE_URL && e.DEMO_MODEL
        ? {
            baseUrl: e.DEMO_MODEL_BASE_URL,
            apiKey: e.DEMO_MODEL_API_KEY,
            model: e.DEMO_MODEL,
            rateLimit: e.DEMO_MODEL_RATE_LIMIT,
            maxTokens: e.DEMO_MODEL_MAX_TOKENS,
          }
        : undefined,
    scheduler: e.SCHEDULER === 'on',
  };
}
