import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, tenantBaseUrl } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicBaseUrl.origin).toBe('http://localhost:3000');
    expect(config.SEED_DEMO_DATA).toBe(true);
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
  it('builds tenant addresses from configuration', () => {
    expect(tenantBaseUrl(loadConfig({ PORT: '3000' }), 'demo')).toBe('http://demo.localhost:3000');
    expect(tenantBaseUrl(loadConfig({ PUBLIC_BASE_URL: 'https://www.parkingportal.example' }), 'demo')).toBe(
      'https://demo.parkingportal.example',
    );
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
