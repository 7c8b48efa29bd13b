import type { BlockList } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { BillingInterval, PaidPlanId } from '@shared/plans.ts';
import { parseTrustedProxies } from './http/forwarded.ts';

/**
 * The one place that reads process.env (STYLE.md 6). Every variable is optional
 * (ARCHITECTURE.md, configuration contract); a bad value stops the start with a readable message.
 */
const optionalUrl = z.url({ protocol: /^https?$/ }).optional();
const optionalText = z.string().trim().min(1).optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  APP_URL: optionalUrl,
  DATA_DIR: z.string().trim().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: optionalText,
  TURNSTILE_SITE_KEY: optionalText,
  TURNSTILE_SECRET_KEY: optionalText,
  TURNSTILE_VERIFY_URL: optionalUrl,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: optionalUrl,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: optionalUrl,
  STRIPE_PRICE_GOLD_MONTHLY: optionalText,
  STRIPE_PRICE_GOLD_YEARLY: optionalText,
  STRIPE_PRICE_PREMIUM_MONTHLY: optionalText,
  STRIPE_PRICE_PREMIUM_YEARLY: optionalText,
  NOMINATIM_URL: optionalUrl,
  STORAGE_DRIVER: z.enum(['fs', 'memory']).default('fs'),
  SUPPORT_PHONE: optionalText,
  /** Reverse proxies whose X-Forwarded-For is believed: addresses, CIDR ranges or `loopback`. */
  TRUST_PROXY: optionalText,
  /** Address of the contact inbox: where visitor and host messages are delivered. */
  CONTACT_INBOX: z.email().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  appUrl: URL;
  /** True when the public origin is plain http on a loopback name (cookies without Secure, no HSTS). */
  isLocalOrigin: boolean;
  dataDir: string;
  logLevel: Env['LOG_LEVEL'];
  mail: { smtpUrl: string | undefined; from: string; inbox: string };
  turnstile: { siteKey: string; secretKey: string; verifyUrl: string } | undefined;
  google: { clientId: string; jwksUrl: string } | undefined;
  /** Stripe billing; undefined without STRIPE_SECRET_KEY (plans are then set by the admin CLI). */
  stripe: StripeConfig | undefined;
  nominatimUrl: string;
  storageDriver: Env['STORAGE_DRIVER'];
  supportPhone: string;
  /** TRUST_PROXY parsed; null: the socket's peer is the client (no proxy in front). */
  trustedProxies: BlockList | null;
  raw: Env;
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string | undefined;
  /** Without it the webhook endpoint refuses every event (nothing unsigned is believed). */
  webhookSecret: string | undefined;
  /** STRIPE_API_URL split the way the SDK takes it; undefined: Stripe's own API. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  /** The Stripe price id of each paid plan and interval (STRIPE_PRICE_*); undefined: not sold. */
  prices: Record<PaidPlanId, Record<BillingInterval, string | undefined>>;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Turns zod's issues into one line per variable: "PORT: Too big: expected number to be <=65535". */
function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`).join('\n');
}

function trustedProxiesOf(value: string): BlockList {
  try {
    return parseTrustedProxies(value);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${(error as Error).message}`);
  }
}

export function parseConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(`Invalid configuration:\n${describeIssues(result.error)}`);
  }
  const env = result.data;
  const trustedProxies = env.TRUST_PROXY ? trustedProxiesOf(env.TRUST_PROXY) : null;
  const appUrl = new URL(env.APP_URL ?? `http://localhost:${env.PORT}`);
  const isLocalOrigin =
    appUrl.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(appUrl.hostname);
  const turnstile =
    env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY
      ? {
          siteKey: env.TURNSTILE_SITE_KEY,
          secretKey: env.TURNSTILE_SECRET_KEY,
          verifyUrl: env.TURNSTILE_VERIFY_URL ?? 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
        }
      : undefined;
  const google = env.GOOGLE_CLIENT_ID
    ? { clientId: env.GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL ?? 'https://www.googleapis.com/oauth2/v3/certs' }
    : undefined;

  const stripe = env.STRIPE_SECRET_KEY ? stripeConfigOf(env, env.STRIPE_SECRET_KEY) : undefined;

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl,
    isLocalOrigin,
    dataDir: path.resolve(env.DATA_DIR),
    logLevel: env.LOG_LEVEL,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `Porchlight <no-reply@${appUrl.hostname}>`,
      inbox: env.CONTACT_INBOX ?? `support@${appUrl.hostname === 'localhost' ? 'porchlight.local' : appUrl.hostname}`,
    },
    turnstile,
    google,
    stripe,
    nominatimUrl: env.NOMINATIM_URL ?? 'https://nominatim.openstreetmap.org',
    storageDriver: env.STORAGE_DRIVER,
    // A documented placeholder (README): replace with the real line through SUPPORT_PHONE.
    supportPhone: env.SUPPORT_PHONE ?? '+1 555 0100 200',
    trustedProxies,
    raw: env,
  };
}

function stripeConfigOf(env: Env, secretKey: string): StripeConfig {
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined;
  const prices = {
    gold: { monthly: env.STRIPE_PRICE_GOLD_MONTHLY, yearly: env.STRIPE_PRICE_GOLD_YEARLY },
    premium: { monthly: env.STRIPE_PRICE_PREMIUM_MONTHLY, yearly: env.STRIPE_PRICE_PREMIUM_YEARLY },
  };
  const ids = Object.values(prices).flatMap((byInterval) => Object.values(byInterval)).filter(Boolean);
  if (new Set(ids).size !== ids.length) throw new ConfigError('Invalid configuration:\n  STRIPE_PRICE_*: each plan and interval needs its own price id');
  return {
    secretKey,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    api: api && {
      host: api.hostname,
      protocol: api.protocol === 'http:' ? 'http' : 'https',
      port: api.port ? Number(api.port) : api.protocol === 'http:' ? 80 : 443,
    },
    prices,
  };
}
