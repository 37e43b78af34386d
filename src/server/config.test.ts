import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, DEFAULT_MAP_STYLE_URL, loadConfig, tenantBaseUrl } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicBaseUrl.origin).toBe('http://localhost:3000');
    expect(config.SEED_DEMO_DATA).toBe(true);
    expect(config.STRIPE_TIMEOUT_MS).toBe(20_000);
    expect(config.STRIPE_MAX_NETWORK_RETRIES).toBe(2);
  });
  it('has a default for each per-minute rate limit, and takes another', () => {
    const config = loadConfig({});
    expect(config.PLATE_SUGGESTIONS_RATE_LIMIT_PER_CLIENT).toBe(20);
    expect(config.PORTAL_SEARCH_RATE_LIMIT_PER_CLIENT).toBe(20);
    expect(config.APPEAL_MESSAGE_RATE_LIMIT_PER_CLIENT).toBe(10);
    expect(config.PASS_LOOKUP_RATE_LIMIT_PER_CLIENT).toBe(120);
    expect(config.VERIFICATION_EMAIL_RATE_LIMIT_PER_CLIENT).toBe(5);
    expect(config.PASS_PROOF_RATE_LIMIT_PER_CLIENT).toBe(60);
    expect(config.PASS_EDIT_RATE_LIMIT_PER_CLIENT).toBe(300);
    expect(loadConfig({ PASS_LOOKUP_RATE_LIMIT_PER_CLIENT: '7' }).PASS_LOOKUP_RATE_LIMIT_PER_CLIENT).toBe(7);
  });
  it.each([
    'AUTH_RATE_LIMIT_PER_CLIENT',
    'UPLOAD_RATE_LIMIT_PER_CLIENT',
    'PLATE_SUGGESTIONS_RATE_LIMIT_PER_CLIENT',
    'PORTAL_SEARCH_RATE_LIMIT_PER_CLIENT',
    'APPEAL_MESSAGE_RATE_LIMIT_PER_CLIENT',
    'PASS_LOOKUP_RATE_LIMIT_PER_CLIENT',
    'VERIFICATION_EMAIL_RATE_LIMIT_PER_CLIENT',
    'PASS_PROOF_RATE_LIMIT_PER_CLIENT',
    'PASS_EDIT_RATE_LIMIT_PER_CLIENT',
  ])('refuses a rate limit %s of 0, a fraction or a word, naming it', (setting) => {
    for (const value of ['0', '-1', '2.5', 'abc']) {
      expect(() => loadConfig({ [setting]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [setting]: value })).toThrow(new RegExp(`^  ${setting}: `, 'm'));
    }
  });
  it('stops with a message naming each bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL/);
    }
  });
  it('logs a line per request in production and, in development, only when LOG_REQUESTS turns it on', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ALLOW_DEV_OUTBOX: 'true',
      ALLOW_LOCAL_STORAGE: 'true',
    };
    expect(loadConfig({}).LOG_REQUESTS).toBe(false);
    expect(loadConfig({ LOG_REQUESTS: 'true' }).LOG_REQUESTS).toBe(true);
    expect(loadConfig(production).LOG_REQUESTS).toBe(true);
    expect(loadConfig({ ...production, LOG_REQUESTS: 'false' }).LOG_REQUESTS).toBe(false);
  });
  it('takes READ_DATABASE_URL as a postgres URL beside DATABASE_URL, in production as elsewhere', () => {
    const primary = 'postgres://portal@db-primary:5432/portal';
    const replica = 'postgres://portal@db-replica:5432/portal';
    expect(loadConfig({}).READ_DATABASE_URL).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: primary, READ_DATABASE_URL: replica }).READ_DATABASE_URL).toBe(replica);
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ALLOW_DEV_OUTBOX: 'true',
      ALLOW_LOCAL_STORAGE: 'true',
    };
    for (const env of [{}, production]) {
      expect(() => loadConfig({ ...env, DATABASE_URL: primary, READ_DATABASE_URL: 'mysql://x' })).toThrow(
        /^ {2}READ_DATABASE_URL: must be a postgres/m,
      );
      expect(() => loadConfig({ ...env, READ_DATABASE_URL: replica })).toThrow(
        /^ {2}READ_DATABASE_URL: needs DATABASE_URL/m,
      );
    }
  });
  it('takes TRUST_PROXY as a hop count or a list of proxy addresses, and refuses true', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, fd00::/8,192.0.2.1,loopback' }).TRUST_PROXY).toEqual({
      kind: 'addresses',
      addresses: ['10.0.0.0/8', 'fd00::/8', '192.0.2.1', 'loopback'],
    });
    for (const env of [{}, { NODE_ENV: 'production' }]) {
      for (const value of ['true', 'yes', '10.0.0.0/33', 'proxy.example.com', '11']) {
        expect(() => loadConfig({ ...env, TRUST_PROXY: value })).toThrow(/^ {2}TRUST_PROXY: /m);
      }
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/number of proxies/);
  });
  it('builds tenant addresses from configuration', () => {
    expect(tenantBaseUrl(loadConfig({ PORT: '3000' }), 'demo')).toBe('http://demo.localhost:3000');
    expect(tenantBaseUrl(loadConfig({ PUBLIC_BASE_URL: 'https://www.parkingportal.example' }), 'demo')).toBe(
      'https://demo.parkingportal.example',
    );
  });
});

describe('the README', () => {
  it('documents every setting in its settings table', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const documented = new Set([...readme.matchAll(/^\| `([A-Z0-9_]+)` +\|/gm)].map((match) => match[1]));
    const missing = Object.keys(configSchema.shape).filter((setting) => !documented.has(setting));
    expect(missing).toEqual([]);
  });
});

describe('tenant redirects', () => {
  it('reads subdomain=url pairs', () => {
    const config = loadConfig({ TENANT_REDIRECTS: 'old=https://a.example, legacy=https://b.example/x' });
    expect(config.tenantRedirects.get('old')).toBe('https://a.example');
    expect(config.tenantRedirects.get('legacy')).toBe('https://b.example/x');
  });
  it('refuses a malformed list', () => {
    expect(() => loadConfig({ TENANT_REDIRECTS: 'old:https://a.example' })).toThrow(/TENANT_REDIRECTS/);
  });
});

/** A production configuration with every real adapter set, so one setting at a time can be left out. */
const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'j'.repeat(40),
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
  SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
  S3_BUCKET: 'portal-uploads',
};

describe('production fails safe', () => {
  it('starts with real adapters and no ALLOW_ setting', () => {
    const config = loadConfig(production);
    expect(config.ALLOW_SANDBOX_PAYMENTS).toBe(false);
    expect(config.ALLOW_DEV_OUTBOX).toBe(false);
    expect(config.ALLOW_LOCAL_STORAGE).toBe(false);
  });

  it.each([
    [
      'the sandbox payment provider',
      { PAYMENTS_PROVIDER: 'sandbox' },
      'PAYMENTS_PROVIDER',
      'ALLOW_SANDBOX_PAYMENTS',
    ],
    ['the development outbox', { SMTP_URL: undefined }, 'SMTP_URL', 'ALLOW_DEV_OUTBOX'],
    ['local storage', { S3_BUCKET: undefined }, 'S3_BUCKET', 'ALLOW_LOCAL_STORAGE'],
  ])('refuses %s unless its setting allows it', (_label, change, setting, allowedBy) => {
    const env = { ...production, ...change };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^  ${setting}: refused when NODE_ENV=production`, 'm'));
    expect(() => loadConfig(env)).toThrow(new RegExp(`${allowedBy}=true for a staging site`));
    expect(loadConfig({ ...env, [allowedBy]: 'true' })[allowedBy as 'ALLOW_DEV_OUTBOX']).toBe(true);
    expect(() => loadConfig({ ...env, [allowedBy]: 'false' })).toThrow(ConfigError);
    // Outside production the stand-ins are the defaults and need no setting.
    expect(() => loadConfig({ ...env, NODE_ENV: 'development' })).not.toThrow();
  });

  it('names every refused setting at once, with only NODE_ENV=production set', () => {
    const message = (() => {
      try {
        loadConfig({ NODE_ENV: 'production' });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    for (const setting of ['JWT_SECRET', 'PAYMENTS_PROVIDER', 'SMTP_URL', 'S3_BUCKET']) {
      expect(message).toMatch(new RegExp(`^  ${setting}: `, 'm'));
    }
  });

  it('loads no demo data in production unless SEED_DEMO_DATA=true is set', () => {
    expect(loadConfig(production).SEED_DEMO_DATA).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO_DATA: 'true' }).SEED_DEMO_DATA).toBe(true);
    expect(loadConfig({ ...production, SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).SEED_DEMO_DATA).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false);
  });

  it('draws the heat map on streets in production unless MAP_STYLE_URL=none; elsewhere only when set', () => {
    expect(loadConfig(production).MAP_STYLE_URL).toBe(DEFAULT_MAP_STYLE_URL);
    expect(loadConfig({ ...production, MAP_STYLE_URL: 'none' }).MAP_STYLE_URL).toBeUndefined();
    expect(
      loadConfig({ ...production, MAP_STYLE_URL: 'https://maps.example/style.json' }).MAP_STYLE_URL,
    ).toBe('https://maps.example/style.json');
    expect(loadConfig({ NODE_ENV: 'development' }).MAP_STYLE_URL).toBeUndefined();
    expect(() => loadConfig({ MAP_STYLE_URL: 'streets' })).toThrow(/MAP_STYLE_URL/);
  });
});
