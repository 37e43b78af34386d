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

  it('does not keep a read that was under way when the tenant was forgotten', async () => {
    cache().clear();
    const before = cache().get('cached');
    cache().forget('cached');
    const after = cache().get('cached');
    expect(await after).not.toBe(await before);
    expect(await cache().get('cached')).toBe(await after);

    // Alone, too: the read under way finishes after the tenant was forgotten, and is not kept.
    cache().clear();
    const forgotten = cache().get('cached');
    cache().forget('cached');
    const read = await forgotten;
    expect(await cache().get('cached')).not.toBe(read);
  });

  it('reloads past a read under way', async () => {
    cache().clear();
    const under = cache().get('cached');
    const reloaded = cache().reload('cached');
    expect(await reloaded).not.toBe(await under);
  });

  it('answers null for an unknown subdomain', async () => {
    expect(await cache().get('no-such-tenant')).toBeNull();
  });
});
