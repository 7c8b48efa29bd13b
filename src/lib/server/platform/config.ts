import type { BlockList } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { BillingInterval, PaidPlanId } from '@shared/plans.ts';
import { assistantConfigOf, assistantEnvShape, type AssistantConfig } from './config-assistant.ts';
import { parseTrustedProxies } from './trusted-proxies.ts';

/**
 * The one place that reads process.env (docs/style.md 6). Every variable is optional
 * (docs/architecture.md, Configuration); a bad value stops the start with a readable message.
 */
const optionalUrl = z.url({ protocol: /^https?$/ }).optional();
const optionalText = z.string().trim().min(1).optional();
/** `true`/`1`/`yes` or `false`/`0`/`no` (any case); unset is false. */
const booleanSwitch = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', '1', 'yes', 'false', '0', 'no'], { error: 'expected true or false' }))
  .transform((value) => value === 'true' || value === '1' || value === 'yes')
  .default(false);

const MEGABYTES = 'expected a whole number of megabytes from 1 to 65536, such as 64';
/** A whole number of megabytes, 1 to 65,536, or unset (a memory bound's default). */
const megabytes = () => z.coerce.number({ error: MEGABYTES }).int({ error: MEGABYTES }).min(1, { error: MEGABYTES }).max(65_536, { error: MEGABYTES }).optional();
const GUEST_DATA_DAYS_RANGE = 'expected a whole number of days from 1 to 3650, such as 30';

const SECRETS_KEY_FORMAT = 'at least 32 random bytes, e.g. `openssl rand -base64 32`';

/** 64 hex characters or more, or base64 (either alphabet) of at least 32 bytes; hex digits alone are read as hex. */
function secretKeyBytes(value: string): Buffer | undefined {
  if (/^[0-9a-f]+$/i.test(value)) return value.length >= 64 && value.length % 2 === 0 ? Buffer.from(value, 'hex') : undefined;
  if (!/^[A-Za-z0-9+/_-]{43,}={0,2}$/.test(value)) return undefined;
  const bytes = Buffer.from(value, 'base64');
  return bytes.length >= 32 ? bytes : undefined;
}

/** Svix's secret: `whsec_` then base64 of at least 24 bytes (docs/decisions/030-smart-locks.md §2). */
function isWebhookSecret(value: string): boolean {
  const base64 = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value)?.[1];
  return base64 !== undefined && Buffer.from(base64, 'base64').length >= 24;
}

function isSecretKey(value: string): boolean {
  return secretKeyBytes(value) !== undefined;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  APP_URL: optionalUrl,
  DATA_DIR: z.string().trim().min(1).default('./data'),
  /** PostgreSQL; unset: the SQLite file under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
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
  /** The Connect endpoint's own signing secret (docs/decisions/020-extras-and-the-money-flow.md). */
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalText,
  /** The platform's share of each extra sold online, in percent (2.5 allowed). */
  PLATFORM_FEE_PERCENT: z.coerce
    .number({ error: 'expected a percentage from 0 to 50, such as 2.5' })
    .min(0, { error: 'expected a percentage from 0 to 50, such as 2.5' })
    .max(50, { error: 'expected a percentage from 0 to 50, such as 2.5' })
    .default(0),
  STRIPE_API_URL: optionalUrl,
  STRIPE_PRICE_GOLD_MONTHLY: optionalText,
  STRIPE_PRICE_GOLD_YEARLY: optionalText,
  STRIPE_PRICE_PREMIUM_MONTHLY: optionalText,
  STRIPE_PRICE_PREMIUM_YEARLY: optionalText,
  NOMINATIM_URL: optionalUrl,
  /** Machine translation (src/lib/server/translate): a LibreTranslate server or DeepL's API; unset: off. */
  TRANSLATE_URL: optionalUrl,
  TRANSLATE_API_KEY: optionalText,
  TRANSLATE_PROVIDER: z.enum(['libretranslate', 'deepl']).optional(),
  STORAGE_DRIVER: z.enum(['fs', 'memory', 's3']).default('fs'),
  /** S3-compatible object storage (STORAGE_DRIVER=s3; docs/decisions/011): all five are needed then. */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, stand-ins). */
  S3_FORCE_PATH_STYLE: booleanSwitch,
  /** Base URL (a CDN or the bucket) that replaces `/media` in the image URLs of guest pages. */
  MEDIA_PUBLIC_URL: optionalUrl,
  /** Called with the guest pages' cache tags on every publish, link regeneration and delete. */
  CDN_PURGE_URL: optionalUrl,
  CDN_PURGE_TOKEN: optionalText,
  SUPPORT_PHONE: optionalText,
  /** Reverse proxies whose X-Forwarded-For is believed: addresses, CIDR ranges or `loopback`. */
  TRUST_PROXY: optionalText,
  /** Address of the contact inbox: where visitor and host messages are delivered. */
  CONTACT_INBOX: z.email().optional(),
  /** Days after check-out from which a stay link answers 410 "This stay has ended". */
  STAY_LINK_DAYS: z.coerce.number().int().min(0).max(365).default(3),
  /** Days after check-out from which a booking system's guest details are erased (stays/guest-data-retention.ts). */
  GUEST_DATA_DAYS: z.coerce
    .number({ error: GUEST_DATA_DAYS_RANGE })
    .int({ error: GUEST_DATA_DAYS_RANGE })
    .min(1, { error: GUEST_DATA_DAYS_RANGE })
    .max(3650, { error: GUEST_DATA_DAYS_RANGE })
    .default(30),
  /** Megabytes of guest pages each server keeps in memory (guest-pages/store/snapshot-store.ts); unset: its default. */
  GUEST_PAGE_MEMORY_MB: megabytes(),
  /** Megabytes of "Ask the guidebook" indexes each server keeps loaded (assistant/index-store.ts); unset: its default (32). */
  ASSISTANT_INDEX_MEMORY_MB: megabytes(),
  /** Questions one guest link answers a day (askLink in http/rate-limit.ts, docs/decisions/031 §12). */
  ASSISTANT_QUESTIONS_PER_LINK_DAY: z.coerce.number().int().min(1).max(1_000_000).default(500),
  /** The model of "Ask the guidebook" (platform/config-assistant.ts, docs/decisions/031 §2). */
  ...assistantEnvShape,
  /**
   * Tests only (NODE_ENV=test, refused otherwise): `name:127.x.y.z` makes calendar fetches resolve
   * `name` to that loopback address and exempts exactly that address from the private-address
   * refusal, so a local HTTPS stand-in is reached through the production fetch (stays/fetch-calendar.ts).
   */
  /**
   * The key booking systems' credentials are sealed under (platform/secret-box.ts,
   * docs/decisions/029-pms-connectors.md §3): 32 random bytes or more, as 64 hex characters or
   * base64; unset: integrations are off. SECRETS_KEY_PREVIOUS is the key being rotated out.
   */
  SECRETS_KEY: z.string().trim().refine(isSecretKey, { error: SECRETS_KEY_FORMAT }).optional(),
  SECRETS_KEY_PREVIOUS: z.string().trim().refine(isSecretKey, { error: SECRETS_KEY_FORMAT }).optional(),
  /** Smoobu's API base (tests: tests/helpers/pms/smoobu-standin.ts): https, or plain http to a loopback address with NODE_ENV=test. */
  SMOOBU_API_URL: optionalUrl,
  /** Beds24's API base (tests: tests/helpers/pms/beds24-standin.ts): https, or plain http to a loopback address with NODE_ENV=test. */
  BEDS24_API_URL: optionalUrl,
  /** Hostaway's API base (tests: tests/helpers/pms/hostaway-standin.ts), the same rule. */
  HOSTAWAY_API_URL: optionalUrl,
  /** Porchlight's Seam workspace API key (docs/decisions/030-smart-locks.md §2); unset: smart locks are off. */
  SEAM_API_KEY: z.string().trim().regex(/^seam_[A-Za-z0-9_-]+$/, { error: 'expected a Seam workspace API key, seam_…' }).optional(),
  /** Seam's API base (tests: tests/helpers/seam-standin.ts): https, or plain http to a loopback address with NODE_ENV=test. */
  SEAM_API_URL: optionalUrl,
  /** The secret the Seam Console shows for the webhook: whsec_ and base64 of at least 24 bytes. */
  SEAM_WEBHOOK_SECRET: z.string().trim().refine(isWebhookSecret, { error: 'the secret the Seam Console shows for the webhook, whsec_…' }).optional(),
  TEST_CALENDAR_RESOLVE: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]+:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i, { error: 'expected host:127.x.y.z (a loopback address)' })
    .optional(),
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
  /** Where the tables live: the SQLite file under DATA_DIR, or PostgreSQL when DATABASE_URL is set. */
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; poolSize: number };
  logLevel: Env['LOG_LEVEL'];
  mail: { smtpUrl: string | undefined; from: string; inbox: string };
  turnstile: { siteKey: string; secretKey: string; verifyUrl: string } | undefined;
  google: { clientId: string; jwksUrl: string } | undefined;
  /** Stripe billing; undefined without STRIPE_SECRET_KEY (plans are then set by the admin CLI). */
  stripe: StripeConfig | undefined;
  /** PLATFORM_FEE_PERCENT: the application fee taken from each extra paid online (0 to 50). */
  platformFeePercent: number;
  nominatimUrl: string;
  /** Machine translation for drafting guidebook translations; undefined without TRANSLATE_URL. */
  translate: TranslateConfig | undefined;
  storageDriver: Env['STORAGE_DRIVER'];
  /** The bucket, when STORAGE_DRIVER=s3 (all of S3_* given; checked at boot). */
  s3: S3Config | undefined;
  /** MEDIA_PUBLIC_URL without its trailing slash: uploads are linked there on guest pages. */
  mediaPublicUrl: string | undefined;
  /** The CDN purge hook (CDN_PURGE_URL); guest pages are cached by shared caches only with it. */
  cdn: { purgeUrl: string; purgeToken: string | undefined } | undefined;
  supportPhone: string;
  /** STAY_LINK_DAYS: a stay link shows its guidebook until this many days after check-out. */
  stayLinkDays: number;
  /** GUEST_DATA_DAYS: a booking system's guest details (name, e-mail, phone, count) are erased this many days after check-out. */
  guestDataDays: number;
  /** GUEST_PAGE_MEMORY_MB in bytes: the bound of the guest pages held in memory; undefined: the store's default (64 MB). */
  guestPageMemoryBytes: number | undefined;
  /** ASSISTANT_INDEX_MEMORY_MB in bytes: the bound of the loaded ask indexes; undefined: the default (32 MB). */
  assistantIndexMemoryBytes: number | undefined;
  /** ASSISTANT_QUESTIONS_PER_LINK_DAY: the questions one guest link answers a day. */
  assistantQuestionsPerLinkDay: number;
  /** The model that writes "Ask the guidebook" answers (ASSISTANT_URL, ASSISTANT_MODEL); undefined: passages only. */
  assistant: AssistantConfig | undefined;
  /** SECRETS_KEY and SECRETS_KEY_PREVIOUS as bytes; undefined without SECRETS_KEY (integrations off). */
  secretsKeys: { current: Buffer; previous: Buffer | undefined } | undefined;
  /** The booking systems' API bases (SMOOBU_API_URL …, without a trailing slash); undefined: the system's own. */
  pmsApiUrls: { smoobu: string | undefined; beds24: string | undefined; hostaway: string | undefined };
  /** Seam (smart locks, docs/decisions/030-smart-locks.md §2); undefined without SEAM_API_KEY. `endpoint` without a trailing slash. */
  seam: { apiKey: string; endpoint: string; webhookSecret: string | undefined } | undefined;
  /** TEST_CALENDAR_RESOLVE parsed: a test host name and the loopback stand-in it reaches. */
  testCalendarResolve: { host: string; address: string } | undefined;
  /** TRUST_PROXY parsed; null: the socket's peer is the client (no proxy in front). */
  trustedProxies: BlockList | null;
  raw: Env;
}

export interface TranslateConfig {
  provider: 'libretranslate' | 'deepl';
  /** TRANSLATE_URL without its trailing slash: the service's base (`https://api-free.deepl.com`). */
  url: string;
  apiKey: string | undefined;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string | undefined;
  /** Without it the webhook endpoint refuses every event (nothing unsigned is believed). */
  webhookSecret: string | undefined;
  /** The Connect endpoint's secret; without it Connect events are refused (503) and payouts rely on re-reads. */
  connectWebhookSecret: string | undefined;
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
  const s3 = env.STORAGE_DRIVER === 's3' ? s3ConfigOf(env) : undefined;
  if (env.TEST_CALENDAR_RESOLVE && env.NODE_ENV !== 'test') {
    // A test seam that lets the server fetch a loopback address never runs outside tests.
    throw new ConfigError('Invalid configuration:\n  TEST_CALENDAR_RESOLVE: only allowed with NODE_ENV=test');
  }
  if (env.SECRETS_KEY_PREVIOUS && !env.SECRETS_KEY) throw new ConfigError('Invalid configuration:\n  SECRETS_KEY_PREVIOUS: only with SECRETS_KEY (the key that replaces it)');
  if (env.SMOOBU_API_URL) checkPmsApiUrl('SMOOBU_API_URL', env.SMOOBU_API_URL, env.NODE_ENV);
  if (env.BEDS24_API_URL) checkPmsApiUrl('BEDS24_API_URL', env.BEDS24_API_URL, env.NODE_ENV);
  if (env.HOSTAWAY_API_URL) checkPmsApiUrl('HOSTAWAY_API_URL', env.HOSTAWAY_API_URL, env.NODE_ENV);
  if (env.SEAM_API_URL) checkPmsApiUrl('SEAM_API_URL', env.SEAM_API_URL, env.NODE_ENV);
  const [calendarHost, calendarAddress] = env.TEST_CALENDAR_RESOLVE?.toLowerCase().split(':') ?? [];

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl,
    isLocalOrigin,
    dataDir: path.resolve(env.DATA_DIR),
    database: env.DATABASE_URL
      ? { dialect: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { dialect: 'sqlite', file: path.join(path.resolve(env.DATA_DIR), 'porchlight.sqlite') },
    logLevel: env.LOG_LEVEL,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `Porchlight <no-reply@${appUrl.hostname}>`,
      inbox: env.CONTACT_INBOX ?? `support@${appUrl.hostname === 'localhost' ? 'porchlight.local' : appUrl.hostname}`,
    },
    turnstile,
    google,
    stripe,
    platformFeePercent: env.PLATFORM_FEE_PERCENT,
    nominatimUrl: env.NOMINATIM_URL ?? 'https://nominatim.openstreetmap.org',
    translate: env.TRANSLATE_URL ? translateConfigOf(env, env.TRANSLATE_URL) : undefined,
    storageDriver: env.STORAGE_DRIVER,
    s3,
    mediaPublicUrl: env.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    cdn: env.CDN_PURGE_URL ? { purgeUrl: env.CDN_PURGE_URL, purgeToken: env.CDN_PURGE_TOKEN } : undefined,
    // A documented placeholder (README): replace with the real line through SUPPORT_PHONE.
    supportPhone: env.SUPPORT_PHONE ?? '+1 555 0100 200',
    stayLinkDays: env.STAY_LINK_DAYS,
    guestDataDays: env.GUEST_DATA_DAYS,
    guestPageMemoryBytes: env.GUEST_PAGE_MEMORY_MB === undefined ? undefined : env.GUEST_PAGE_MEMORY_MB * 1024 * 1024,
    assistantIndexMemoryBytes: env.ASSISTANT_INDEX_MEMORY_MB === undefined ? undefined : env.ASSISTANT_INDEX_MEMORY_MB * 1024 * 1024,
    assistantQuestionsPerLinkDay: env.ASSISTANT_QUESTIONS_PER_LINK_DAY,
    assistant: assistantOf(env),
    secretsKeys: env.SECRETS_KEY ? { current: secretKeyBytes(env.SECRETS_KEY)!, previous: env.SECRETS_KEY_PREVIOUS ? secretKeyBytes(env.SECRETS_KEY_PREVIOUS) : undefined } : undefined,
    pmsApiUrls: {
      smoobu: env.SMOOBU_API_URL?.replace(/\/+$/, ''),
      beds24: env.BEDS24_API_URL?.replace(/\/+$/, ''),
      hostaway: env.HOSTAWAY_API_URL?.replace(/\/+$/, ''),
    },
    seam: env.SEAM_API_KEY
      ? { apiKey: env.SEAM_API_KEY, endpoint: (env.SEAM_API_URL ?? 'https://connect.getseam.com').replace(/\/+$/, ''), webhookSecret: env.SEAM_WEBHOOK_SECRET }
      : undefined,
    testCalendarResolve: calendarHost && calendarAddress ? { host: calendarHost, address: calendarAddress } : undefined,
    trustedProxies,
    raw: env,
  };
}

/**
 * A booking system's (or Seam's) API base carries its credentials: https, or plain http only to a loopback
 * stand-in under NODE_ENV=test (the rule TEST_CALENDAR_RESOLVE follows; docs/decisions/029-pms-connectors.md §11).
 */
function checkPmsApiUrl(name: string, value: string, nodeEnv: Env['NODE_ENV']): void {
  const url = new URL(value);
  if (url.protocol === 'https:') return;
  if (nodeEnv === 'test' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return;
  throw new ConfigError(`Invalid configuration:\n  ${name}: expected an https URL (plain http only to a loopback address with NODE_ENV=test)`);
}

/** The model of "Ask the guidebook" (config-assistant.ts), or undefined; a bad combination stops the start. */
function assistantOf(env: Env): AssistantConfig | undefined {
  const assistant = assistantConfigOf(env);
  if (typeof assistant === 'string') throw new ConfigError(`Invalid configuration:\n  ${assistant}`);
  return assistant;
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
    connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET,
    api: api && {
      host: api.hostname,
      protocol: api.protocol === 'http:' ? 'http' : 'https',
      port: api.port ? Number(api.port) : api.protocol === 'http:' ? 80 : 443,
    },
    prices,
  };
}

/**
 * TRANSLATE_PROVIDER, or read from the host: DeepL's two API hosts mean DeepL, anything else a
 * LibreTranslate server. DeepL answers nothing without a key, so a DeepL without one stops the start.
 */
function translateConfigOf(env: Env, url: string): TranslateConfig {
  const host = new URL(url).hostname;
  const provider = env.TRANSLATE_PROVIDER ?? (host === 'api.deepl.com' || host === 'api-free.deepl.com' ? 'deepl' : 'libretranslate');
  if (provider === 'deepl' && !env.TRANSLATE_API_KEY) {
    throw new ConfigError('Invalid configuration:\n  TRANSLATE_API_KEY: required with DeepL (TRANSLATE_PROVIDER=deepl)');
  }
  return { provider, url: url.replace(/\/+$/, ''), apiKey: env.TRANSLATE_API_KEY };
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** STORAGE_DRIVER=s3 needs every S3_* variable: one startup error names all that are missing. */
function s3ConfigOf(env: Env): S3Config {
  const missing = S3_VARIABLES.filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${missing.map((name) => `  ${name}: required when STORAGE_DRIVER=s3`).join('\n')}`);
  }
  return {
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}
