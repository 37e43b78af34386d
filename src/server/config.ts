import { z } from 'zod';
import { DEFAULT_REPORT_LINK_DAYS, MAX_REPORT_LINK_DAYS } from '../shared/contract/reports';
import { parseTrustedProxies } from './http/trust-proxy';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = z.url().optional();

/**
 * Every setting the server reads, with its default. The README's settings table mirrors this
 * schema; a bad value stops the start with a message naming the variable.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the embedded database (and local uploads) live. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string; when absent the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * A replica (a streaming standby) for the reads that tolerate a little lag: the public notice
   * lookup and activity reports (decision 221). Unset: every read goes to DATABASE_URL.
   */
  READ_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * How long a process keeps a tenant's settings. Changes reach every process at once through the
   * database (decision 163); this bounds a copy a process could not hear about.
   */
  TENANT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  /** The portal's public address on a bare host; tenant addresses insert the subdomain before its host. */
  PUBLIC_BASE_URL: z.url().optional(),
  /** Where an unknown tenant is sent; /404 when unset. */
  MAIN_SITE_URL: optionalUrl,
  /**
   * A MapLibre style for the report heat map, whose streets the scans are drawn on. Unset: in
   * production OpenFreeMap's public style (DEFAULT_MAP_STYLE_URL), elsewhere none; `none`: a plain
   * background drawn offline (a closed network), which the report page says.
   */
  MAP_STYLE_URL: z.union([z.literal('none'), z.url()]).optional(),
  /** How many days a report's no-sign-in link lasts when its maker chooses no expiry date. */
  REPORT_LINK_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_REPORT_LINK_DAYS)
    .default(DEFAULT_REPORT_LINK_DAYS),
  /**
   * How long a patrol device may answer plate checks from its offline snapshot of covered plates,
   * in minutes (decision 194); older, it refuses and asks for a connection.
   */
  PATROL_SNAPSHOT_MAX_AGE_MINUTES: z.coerce.number().int().min(5).max(1440).default(240),
  /** Extra host names (comma-separated) that carry no tenant, besides www, pay, localhost and 127.0.0.1. */
  BARE_HOSTS: z.string().default(''),
  /**
   * Tenants whose portal lives elsewhere: 'subdomain=https://host,...'. Their pages redirect there
   * (the spec's one tenant that is sent to an external host).
   */
  TENANT_REDIRECTS: z
    .string()
    .default('')
    .refine(
      (value) =>
        value
          .split(',')
          .filter((entry) => entry.trim())
          .every((entry) => /^[a-z0-9-]+=https?:\/\/\S+$/.test(entry.trim())),
      "must be a comma-separated list of 'subdomain=https://host'",
    ),
  /**
   * Load the bundled demo data when the database has no tenant yet. Unset: on outside production,
   * off in production (its operator's password is public).
   */
  SEED_DEMO_DATA: booleanFromEnv.optional(),
  /** Production refuses the sandbox payment provider unless this is true (a staging site). */
  ALLOW_SANDBOX_PAYMENTS: booleanFromEnv.default(false),
  /** Production refuses the development mail outbox (no SMTP_URL) unless this is true. */
  ALLOW_DEV_OUTBOX: booleanFromEnv.default(false),
  /** Production refuses the local-disk storage adapter (no S3_BUCKET) unless this is true. */
  ALLOW_LOCAL_STORAGE: booleanFromEnv.default(false),
  /**
   * The proxies whose X-Forwarded-* headers count: a hop count (1, 2) or their addresses and CIDR
   * ranges; the right-most address they did not add is the client (decision 184).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      const trusted = parseTrustedProxies(value);
      if ('problem' in trusted) {
        context.addIssue({ code: 'custom', message: trusted.problem });
        return z.NEVER;
      }
      return trusted;
    }),
  /** 'sandbox' (a test checkout served by this server, never charges) or 'stripe'. */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  /** Stripe secret API key (sk_live_... or sk_test_...); required when PAYMENTS_PROVIDER=stripe. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_... or rk_...)')
    .optional(),
  /** Signing secret of the Stripe webhook endpoint (whsec_...); required when PAYMENTS_PROVIDER=stripe. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_...)')
    .optional(),
  /** Stripe's API address; only changed to point at a Stripe mock. */
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  /** How long one Stripe request may take before it is abandoned (and retried), in milliseconds. */
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(80_000).default(20_000),
  /** How often a failed Stripe request is retried (same idempotency key), with backoff. */
  STRIPE_MAX_NETWORK_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** S3-compatible bucket for uploads; when unset, uploads are kept under DATA_DIR/uploads. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Endpoint of an S3-compatible service (MinIO, R2); AWS when unset. */
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Public base URL uploaded files are read from (CDN or public bucket URL); derived from the bucket when unset. */
  S3_PUBLIC_URL: optionalUrl,
  /** Put the bucket in the path instead of the host name (MinIO). */
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  /** 'post' (presigned POST; AWS, MinIO) or 'put' (presigned PUT; R2, which has no POST uploads). */
  S3_UPLOAD_METHOD: z.enum(['post', 'put']).default('post'),
  /** How long an upload URL stays valid, in seconds. */
  UPLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /** Signs local-disk upload URLs; when unset, a random key is kept in DATA_DIR/uploads. */
  STORAGE_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Signs the 'verify this notice' links of printed notices (docs/decisions/102). */
  NOTICE_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * HMAC key of the access tokens (at least 32 characters). Required in production; elsewhere one
   * is generated once and kept in DATA_DIR/jwt-secret, so restarts keep sessions.
   */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How long an access token is valid, in seconds. */
  JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(2_592_000).default(43_200),
  /** SMTP relay, e.g. smtps://user:pass@smtp.example.com:465; unset: the development outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** Sender address of every email; the tenant's title becomes its display name. */
  MAIL_FROM: z.email().default('no-reply@parking-portal.local'),
  /** How often the outbox worker looks for due emails, in milliseconds. */
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
  /** Redis for the rate-limit store shared by several instances; unset: in memory. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Prefix of rate-limit keys in Redis, so deployments can share one server. */
  RATE_LIMIT_NAMESPACE: z.string().min(1).max(64).default('portal'),
  /** Sign-in, sign-up, code-check and reset requests allowed per client address per minute. */
  AUTH_RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(30),
  /** The same requests allowed per account (or code) and client address per 15 minutes. */
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** 'Did you mean' plate suggestions (after a plate search finds nothing) per client address per minute. */
  PLATE_SUGGESTIONS_RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(20),
  /** 'Find your parking portal' searches by operator name one client address may make per minute. */
  PORTAL_SEARCH_RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(20),
  /** Appellants' messages on an appeal thread (each emails the operators) per client address per minute. */
  APPEAL_MESSAGE_RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(10),
  /**
   * Tokenless calls that take a pass uuid (the issued pass, its guest checkout and its proof link)
   * one client address may make per minute, the three together: the budget for guessing uuids.
   */
  PASS_LOOKUP_RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(120),
  /** Pass proof pages (the page an officer opens from a pass's QR code) one client address may open per minute. */
  PASS_PROOF_RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(60),
  /** Calls on an issued pass by its uuid (its fields, vehicles, holder, times, cancel, invites) per client address per minute. */
  PASS_EDIT_RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(300),
  /** Exports of a person's data (JSON or CSV) one customer, or one operator, may download per hour. */
  PERSONAL_DATA_EXPORT_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Guest pass verification emails one client address may ask for per minute. */
  VERIFICATION_EMAIL_RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(5),
  /** How long the first result of a call sent with an Idempotency-Key is kept and replayed (decision 176). */
  IDEMPOTENCY_KEY_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /**
   * A checkout without an Idempotency-Key that repeats one made this recently (same email, product,
   * plate and start) answers the first pass instead of issuing a second (decision 176); 0 turns it off.
   */
  DUPLICATE_CHECKOUT_WINDOW_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Most time a client may take to send one whole request, headers and body (slow-body cut-off). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** A connection that sends and receives nothing for this long is closed. */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(75_000),
  /** How long an idle keep-alive connection is kept (above a load balancer's idle timeout). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
  /** Open connections one process accepts; more are refused until some close. */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(2_000),
  /** Upload targets (POST /uploads) one client address may ask for per minute. */
  UPLOAD_RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(20),
  /** Bytes of uploads a tenant may hold that no record uses yet; more are refused until some are. */
  UPLOAD_UNATTACHED_BYTES_PER_TENANT: z.coerce.number().int().min(1).default(500_000_000),
  /** How often abandoned uploads (unattached, older than an hour) are swept from storage. */
  UPLOAD_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(300_000),
  /**
   * Port of the Prometheus metrics (GET /metrics), on its own listener so it is never served on the
   * public port by accident; unset: no metrics listener.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Interface of the metrics listener: loopback unless the scraper is on another machine. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Log one line per request. Unset: on in production, off in development (the banner stays readable). */
  LOG_REQUESTS: booleanFromEnv.optional(),
  /**
   * After SIGTERM, how long the process keeps answering (with /readyz at 503) before it closes, so
   * a load balancer's health check takes it out first. Unset: 5000 in production, 0 elsewhere.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  /** How long opening a PostgreSQL connection may take before the request answers 503. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
});

type ConfigValues = z.infer<typeof configSchema>;

/** The heat map's streets in production when MAP_STYLE_URL is unset: free, no key, tiles from one origin. */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

export type Config = Omit<
  ConfigValues,
  'SEED_DEMO_DATA' | 'LOG_REQUESTS' | 'SHUTDOWN_DRAIN_MS' | 'MAP_STYLE_URL'
> & {
  /** MAP_STYLE_URL with its default filled in from NODE_ENV; undefined: no style (a plain background). */
  MAP_STYLE_URL?: string;
  /** SEED_DEMO_DATA with its default filled in from NODE_ENV. */
  SEED_DEMO_DATA: boolean;
  /** LOG_REQUESTS with its default filled in from NODE_ENV. */
  LOG_REQUESTS: boolean;
  /** SHUTDOWN_DRAIN_MS with its default filled in from NODE_ENV. */
  SHUTDOWN_DRAIN_MS: number;
  /** PUBLIC_BASE_URL with its default filled in from PORT. */
  publicBaseUrl: URL;
  bareHosts: ReadonlySet<string>;
  tenantRedirects: ReadonlyMap<string, string>;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  const problems = values.NODE_ENV === 'production' ? productionProblems(values) : [];
  if (values.READ_DATABASE_URL && !values.DATABASE_URL) {
    problems.push('  READ_DATABASE_URL: needs DATABASE_URL (a replica of the PostgreSQL database it names)');
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  const publicBaseUrl = new URL(values.PUBLIC_BASE_URL ?? `http://localhost:${values.PORT}`);
  const bareHosts = new Set(
    ['www', 'pay', 'localhost', '127.0.0.1', publicBaseUrl.hostname, ...values.BARE_HOSTS.split(',')]
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  );
  const tenantRedirects = new Map(
    values.TENANT_REDIRECTS.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => {
        const separator = entry.indexOf('=');
        return [entry.slice(0, separator), entry.slice(separator + 1)] as const;
      }),
  );
  return {
    ...values,
    SEED_DEMO_DATA: values.SEED_DEMO_DATA ?? values.NODE_ENV !== 'production',
    LOG_REQUESTS: values.LOG_REQUESTS ?? values.NODE_ENV === 'production',
    SHUTDOWN_DRAIN_MS: values.SHUTDOWN_DRAIN_MS ?? (values.NODE_ENV === 'production' ? 5_000 : 0),
    MAP_STYLE_URL: mapStyleUrl(values),
    publicBaseUrl,
    bareHosts,
    tenantRedirects,
  };
}

function mapStyleUrl(values: Pick<ConfigValues, 'MAP_STYLE_URL' | 'NODE_ENV'>): string | undefined {
  if (values.MAP_STYLE_URL === 'none') return undefined;
  return values.MAP_STYLE_URL ?? (values.NODE_ENV === 'production' ? DEFAULT_MAP_STYLE_URL : undefined);
}

/**
 * The development stand-ins a production start refuses unless a setting allows each: the sandbox
 * never charges, the outbox never delivers, and local disk is lost with the machine (and is not
 * shared by several instances). A staging site sets the ALLOW_ setting it means.
 */
const developmentStandIns = [
  {
    setting: 'PAYMENTS_PROVIDER',
    allowedBy: 'ALLOW_SANDBOX_PAYMENTS',
    isInUse: (values: ConfigValues) => values.PAYMENTS_PROVIDER === 'sandbox',
    problem: 'the sandbox provider never charges a card; set PAYMENTS_PROVIDER=stripe with its keys',
  },
  {
    setting: 'SMTP_URL',
    allowedBy: 'ALLOW_DEV_OUTBOX',
    isInUse: (values: ConfigValues) => !values.SMTP_URL,
    problem: 'unset, emails stay in the development outbox and are never sent; set an SMTP relay',
  },
  {
    setting: 'S3_BUCKET',
    allowedBy: 'ALLOW_LOCAL_STORAGE',
    isInUse: (values: ConfigValues) => !values.S3_BUCKET,
    problem: 'unset, uploads are kept on this machine only; set an S3-compatible bucket',
  },
] as const;

function productionProblems(values: ConfigValues): string[] {
  const problems: string[] = [];
  if (!values.JWT_SECRET) {
    problems.push('  JWT_SECRET: required when NODE_ENV=production (at least 32 characters)');
  }
  for (const standIn of developmentStandIns) {
    if (standIn.isInUse(values) && !values[standIn.allowedBy]) {
      problems.push(
        `  ${standIn.setting}: refused when NODE_ENV=production: ${standIn.problem} (or ${standIn.allowedBy}=true for a staging site)`,
      );
    }
  }
  return problems;
}

/**
 * Whether a development-only page (the sandbox checkout, the mailbox) may be mounted: always
 * outside production, and in production only when its ALLOW_ setting says so.
 */
export function isDevelopmentPageAllowed(
  config: Pick<Config, 'NODE_ENV' | 'ALLOW_SANDBOX_PAYMENTS' | 'ALLOW_DEV_OUTBOX'>,
  allowedBy: 'ALLOW_SANDBOX_PAYMENTS' | 'ALLOW_DEV_OUTBOX',
): boolean {
  return config.NODE_ENV !== 'production' || config[allowedBy];
}

/** A tenant's own address, e.g. http://demo.localhost:3000 — built from configuration, never from a request. */
export function tenantBaseUrl(config: Pick<Config, 'publicBaseUrl'>, subdomain: string): string {
  const url = new URL(config.publicBaseUrl);
  url.hostname = `${subdomain}.${url.hostname.replace(/^www\./, '')}`;
  return url.origin;
}
