import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOperator, buildProduct, buildTenant } from '../../../../tests/support/factories';
import { pngBytes } from '../../../../tests/support/files';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { uploadThroughApi } from '../../../../tests/support/uploads';
import { auditLog, passProducts, uploads } from '../../db/schema';

/**
 * The product editor's images (issue 34's upload in the console's product editor): a picture goes
 * the way the editor sends it, through the storage port (ask for a target, PUT, confirm), and the
 * product saved with its address shows it on the portal. Only this tenant's confirmed
 * 'product-image' uploads are taken, each once; a refused save changes nothing.
 */
const alpha = buildTenant({
  subdomain: 'imgalpha',
  operators: [buildOperator({ email: 'admin@imgalpha.example' })],
  products: [buildProduct({ name: 'Garage monthly' }), buildProduct({ name: 'Garage weekly' })],
});
const beta = buildTenant({ subdomain: 'imgbeta' });
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

let authorization = '';
const productIds: Record<string, string> = {};

beforeAll(async () => {
  authorization = await signInOperator(t, 'imgalpha', 'admin@imgalpha.example');
  const rows = await t.db
    .select({ id: passProducts.id, name: passProducts.name })
    .from(passProducts)
    .where(eq(passProducts.tenantId, alpha.uuid));
  for (const row of rows) productIds[row.name] = row.id;
});

const getProduct = (name: string) =>
  t.request('imgalpha', {
    method: 'GET',
    url: `/api/v1/dashboard/products/${productIds[name]}`,
    headers: { authorization },
  });

/** Saves the product as the editor does: what it loaded, with the images it now shows. */
async function saveImages(name: string, images: string[]) {
  const loaded = (await getProduct(name)).json();
  return t.request('imgalpha', {
    method: 'PUT',
    url: `/api/v1/dashboard/products/${productIds[name]}`,
    headers: { authorization },
    payload: { ...loaded, images },
  });
}

const uploadRow = async (fileUrl: string) =>
  (
    await t.db
      .select({ status: uploads.status, storageKey: uploads.storageKey })
      .from(uploads)
      .where(and(eq(uploads.tenantId, alpha.uuid), eq(uploads.fileUrl, fileUrl)))
  )[0];

describe("the product editor's images", () => {
  it('takes a picture stored through the storage port and shows it on the portal', async () => {
    const { fileUrl, confirmed } = await uploadThroughApi(t, 'imgalpha', pngBytes(4, 3), {
      purpose: 'product-image',
      fileName: 'garage.png',
    });
    expect(confirmed?.statusCode).toBe(200);
    expect((await uploadRow(fileUrl))?.status).toBe('stored');

    const saved = await saveImages('Garage monthly', [fileUrl]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().images).toEqual([fileUrl]);
    expect((await getProduct('Garage monthly')).json().images).toEqual([fileUrl]);
    // The upload now belongs to the product, and the storage holds the very bytes sent.
    const row = await uploadRow(fileUrl);
    expect(row?.status).toBe('attached');
    const stored = await t.storage.inspect(row!.storageKey);
    expect(stored?.size).toBe(pngBytes(4, 3).length);
    // The portal's product page reads the same address.
    const portal = await t.request('imgalpha', {
      method: 'GET',
      url: `/api/v1/portal/permit/product/${productIds['Garage monthly']}/images`,
    });
    expect(portal.statusCode).toBe(200);
    expect(JSON.stringify(portal.json())).toContain(fileUrl);
  });

  it('keeps a picture it shows already on the next save, and drops a removed one', async () => {
    const { fileUrl: second } = await uploadThroughApi(t, 'imgalpha', pngBytes(), {
      purpose: 'product-image',
      fileName: 'second.png',
    });
    const [first] = (await getProduct('Garage monthly')).json().images as string[];
    const both = await saveImages('Garage monthly', [first!, second]);
    expect(both.statusCode).toBe(200);
    expect(both.json().images).toEqual([first, second]);
    const removed = await saveImages('Garage monthly', [second]);
    expect(removed.json().images).toEqual([second]);
  });

  it("refuses a picture used by another product, another purpose's upload, one never stored, another tenant's, and changes nothing", async () => {
    const [inUse] = (await getProduct('Garage monthly')).json().images as string[];
    const photo = await uploadThroughApi(t, 'imgalpha', pngBytes(), { purpose: 'appeal-photo' });
    const notSent = await uploadThroughApi(t, 'imgalpha', pngBytes(), {
      purpose: 'product-image',
      confirm: false,
    });
    // Issued, but the file never reached the storage.
    const issuedOnly = (
      await t.request('imgalpha', {
        method: 'POST',
        url: '/api/v1/uploads',
        payload: { purpose: 'product-image', fileName: 'empty.png', contentType: 'image/png', size: 10 },
      })
    ).json().fileUrl as string;
    const foreign = await uploadThroughApi(t, 'imgbeta', pngBytes(), { purpose: 'product-image' });
    const auditBefore = (await t.db.select().from(auditLog).where(eq(auditLog.tenantId, alpha.uuid))).length;

    for (const url of [inUse!, photo.fileUrl, issuedOnly, foreign.fileUrl]) {
      const response = await saveImages('Garage weekly', [url]);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toMatch(/^[A-Z].*\.$/);
    }
    // A file stored but not yet confirmed is checked in the storage at save time: it is there.
    expect((await saveImages('Garage weekly', [notSent.fileUrl])).statusCode).toBe(200);

    expect((await getProduct('Garage monthly')).json().images).toEqual([inUse]);
    expect((await uploadRow(photo.fileUrl))?.status).toBe('stored');
    const auditAfter = (await t.db.select().from(auditLog).where(eq(auditLog.tenantId, alpha.uuid))).length;
    // Only the one accepted save was recorded.
    expect(auditAfter).toBe(auditBefore + 1);
  });
});
