import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../../../tests/support/factories';
import { pngBytes } from '../../../../tests/support/files';
import { createTestApp, TEST_NOW, type TestApp } from '../../../../tests/support/test-app';
import { uploadThroughApi } from '../../../../tests/support/uploads';
import { uploadMessages } from '../../../shared/messages/uploads';
import { uploads } from '../../db/schema';
import { startScheduledSweep } from '../../scheduled-sweep';
import { ABANDONED_UPLOAD_AGE_MS, sweepAbandonedUploads } from './sweep-abandoned-uploads';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { UPLOAD_RATE_LIMIT_PER_CLIENT: '3', UPLOAD_UNATTACHED_BYTES_PER_TENANT: '1000000' },
  });
  await t.seed({
    tenants: [
      buildTenant({ subdomain: 'up1' }),
      buildTenant({ subdomain: 'up2' }),
      buildTenant({ subdomain: 'up3' }),
    ],
  });
});
afterAll(() => t.close());

const issue = (subdomain: string, remoteAddress: string, size = 100) =>
  t.request(subdomain, {
    method: 'POST',
    url: '/api/v1/uploads',
    remoteAddress,
    payload: { purpose: 'appeal-photo', fileName: 'photo.png', contentType: 'image/png', size },
  });

const fileOf = (storageKey: string) => path.join(t.dataDir, 'uploads', ...storageKey.split('/'));

describe('POST /uploads limits', () => {
  it('limits upload targets per client address', async () => {
    const statuses = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await issue('up1', '10.9.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await issue('up1', '10.9.0.2')).statusCode).toBe(200);
  });

  it('takes no byte more than the declared size', async () => {
    const issued = await issue('up1', '10.9.1.1', 100);
    expect(issued.json().maxBytes).toBe(100);
    const target = issued.json().target;
    const oversized = Buffer.concat([pngBytes(), Buffer.alloc(200)]);
    const put = await t.request('up1', {
      method: 'PUT',
      url: target.url,
      headers: target.headers,
      payload: oversized,
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toBe(uploadMessages.largerThanAnnounced);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, issued.json().uploadUUID));
    expect(existsSync(fileOf(row!.storageKey))).toBe(false);
  });

  it("caps a tenant's unattached bytes, apart from other tenants", async () => {
    expect((await issue('up2', '10.9.2.1', 600_000)).statusCode).toBe(200);
    const refused = await issue('up2', '10.9.2.2', 600_000);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'too_many_uploads', message: uploadMessages.tooManyWaiting });
    expect((await issue('up3', '10.9.2.3', 600_000)).statusCode).toBe(200);
  });
});

describe('the sweep of abandoned uploads', () => {
  it('deletes unattached uploads older than an hour, file and row, once, whoever sweeps', async () => {
    t.clock.set(TEST_NOW);
    const old = await uploadThroughApi(t, 'up1', pngBytes());
    expect(old.confirmed?.statusCode).toBe(200);
    const [oldRow] = await t.db.select().from(uploads).where(eq(uploads.id, old.upload.uploadUUID));
    expect(existsSync(fileOf(oldRow!.storageKey))).toBe(true);

    t.clock.set(new Date(new Date(TEST_NOW).getTime() + ABANDONED_UPLOAD_AGE_MS - 60_000));
    const young = await uploadThroughApi(t, 'up1', pngBytes());
    t.clock.set(new Date(new Date(TEST_NOW).getTime() + ABANDONED_UPLOAD_AGE_MS + 1000));

    const before = (await t.db.select().from(uploads)).length;
    // Two processes sweeping at once: every abandoned row is deleted exactly once.
    const counts = await Promise.all([
      sweepAbandonedUploads({ db: t.db, storage: t.storage, now: t.clock.now() }),
      sweepAbandonedUploads({ db: t.db, storage: t.storage, now: t.clock.now() }),
    ]);
    const remaining = await t.db.select().from(uploads);
    expect(counts[0] + counts[1]).toBe(before - remaining.length);
    expect(remaining.map((row) => row.id)).toEqual([young.upload.uploadUUID]);
    expect(existsSync(fileOf(oldRow!.storageKey))).toBe(false);
    // With the abandoned bytes gone, the tenant that was full has room again.
    expect((await issue('up2', '10.9.3.1', 600_000)).statusCode).toBe(200);
  });

  it('runs on a schedule inside the process, driven by the clock it is given', async () => {
    t.clock.set(TEST_NOW);
    const upload = await uploadThroughApi(t, 'up3', pngBytes(), { confirm: false });
    t.clock.set(new Date(new Date(TEST_NOW).getTime() + 2 * ABANDONED_UPLOAD_AGE_MS));
    const sweep = startScheduledSweep({
      name: 'test',
      intervalMs: 3_600_000,
      round: () => sweepAbandonedUploads({ db: t.db, storage: t.storage, now: t.clock.now() }),
    });
    await sweep.runNow();
    await sweep.stop();
    expect(await t.db.select().from(uploads).where(eq(uploads.id, upload.upload.uploadUUID))).toEqual([]);
  });
});
