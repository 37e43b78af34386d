import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTenant } from '../../../../tests/support/factories';
import { useTestApp } from '../../../../tests/support/test-app';
import { tenants } from '../../db/schema';

/** The process's copy of each tenant (tenant-cache.ts), on both drivers. */
describe('the tenant cache', () => {
  const t = useTestApp({ seed: { tenants: [buildTenant({ subdomain: 'cached', brandColor: '112233' })] } });
  const cache = () => t.app.tenants;

  it('shares one read among the requests that miss a tenant at once', async () => {
    cache().clear();
    const [first, second, third] = await Promise.all([
      cache().get('cached'),
      cache().get('cached'),
      cache().get('cached'),
    ]);
    expect(first?.subdomain).toBe('cached');
    // One read gives one row object; a read each would give three.
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it('keeps what it read, and reads again once told the tenant changed', async () => {
    cache().clear();
    const read = await cache().get('cached');
    expect(await cache().get('cached')).toBe(read);
    await t.db.update(tenants).set({ brandColor: '445566' }).where(eq(tenants.subdomain, 'cached'));
    expect((await cache().get('cached'))?.brandColor).toBe('112233');
    await cache().changed('cached');
    expect((await cache().get('cached'))?.brandColor).toBe('445566');
  });

  it('drops a read that was under way when the tenant was forgotten: its callers read again', async () => {
    cache().clear();
    const underWay = cache().get('cached');
    // As when a change is heard while the read is under way: that read may predate the change.
    cache().forget('cached');
    const answered = await underWay;
    expect(answered?.subdomain).toBe('cached');
    // The answer came from the read begun after the change, which is the one kept.
    expect(await cache().get('cached')).toBe(answered);
  });

  it('reloads past a read under way', async () => {
    cache().clear();
    const under = cache().get('cached');
    const reloaded = cache().reload('cached');
    expect((await reloaded)?.subdomain).toBe('cached');
    expect(await cache().get('cached')).toBe(await reloaded);
    expect((await under)?.subdomain).toBe('cached');
  });

  it('answers null for an unknown subdomain', async () => {
    expect(await cache().get('no-such-tenant')).toBeNull();
  });
});
