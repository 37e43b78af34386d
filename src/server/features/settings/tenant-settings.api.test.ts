import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOperator, buildTenant } from '../../../../tests/support/factories';
import { pngBytes } from '../../../../tests/support/files';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { uploadThroughApi } from '../../../../tests/support/uploads';
import type { TenantSettingsBody } from '../../../shared/contract';
import { auditLog, tenants } from '../../db/schema';

const alpha = buildTenant({
  subdomain: 'alpha',
  brandTitle: 'Alpha Parking',
  brandColor: '1A6B3C',
  operators: [
    buildOperator({ email: 'admin@alpha.example' }),
    buildOperator({ email: 'staff@alpha.example', role: 'staff' }),
    buildOperator({ email: 'officer@alpha.example', role: 'enforcement' }),
  ],
});
const beta = buildTenant({ subdomain: 'beta', operators: [buildOperator({ email: 'admin@beta.example' })] });
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

const tokens = { admin: '', staff: '', officer: '', betaAdmin: '' };
beforeAll(async () => {
  tokens.admin = await signInOperator(t, 'alpha', 'admin@alpha.example');
  tokens.staff = await signInOperator(t, 'alpha', 'staff@alpha.example');
  tokens.officer = await signInOperator(t, 'alpha', 'officer@alpha.example');
  tokens.betaAdmin = await signInOperator(t, 'beta', 'admin@beta.example');
});

const getSettings = (authorization: string, subdomain = 'alpha') =>
  t.request(subdomain, { method: 'GET', url: '/api/v1/dashboard/settings', headers: { authorization } });
const putSettings = (authorization: string, payload: unknown, subdomain = 'alpha') =>
  t.request(subdomain, {
    method: 'PUT',
    url: '/api/v1/dashboard/settings',
    headers: { authorization },
    payload: payload as Record<string, unknown>,
  });

/** The current settings as a body the PUT takes. */
async function currentBody(): Promise<TenantSettingsBody> {
  const {
    logoVersion: _v,
    serviceFeeCents: _f,
    subdomain: _s,
    ...body
  } = (await getSettings(tokens.admin)).json();
  return body;
}

async function alphaRow() {
  const [row] = await t.db.select().from(tenants).where(eq(tenants.subdomain, 'alpha'));
  if (!row) throw new Error('alpha missing');
  return row;
}

describe('brand and settings', () => {
  it('are read and changed by tenant admins only', async () => {
    expect((await getSettings(tokens.admin)).statusCode).toBe(200);
    expect((await getSettings(tokens.staff)).statusCode).toBe(403);
    expect((await getSettings(tokens.officer)).statusCode).toBe(403);
    const body = await currentBody();
    const before = await alphaRow();
    expect((await putSettings(tokens.staff, { ...body, brandTitle: 'Hijacked' })).statusCode).toBe(403);
    expect((await putSettings(tokens.officer, { ...body, brandTitle: 'Hijacked' })).statusCode).toBe(403);
    expect(await alphaRow()).toEqual(before);
  });

  it('change the portal at once, with an audit entry of the changed fields only', async () => {
    // Warm the tenant cache: the change must not wait for it to expire.
    const brandBefore = await t.request('alpha', { method: 'GET', url: '/api/v1/portal/brand/alpha' });
    expect(brandBefore.json().brandColor).toBe('1A6B3C');
    const body = await currentBody();
    const response = await putSettings(tokens.admin, {
      ...body,
      brandColor: '#f5c518',
      brandTitle: '  Alpha City Parking ',
      header1: 'Welcome',
      contactEmail: ' help@alpha.example ',
      timezone: 'Europe/Paris',
      maxPermitCountPerCustomer: 3,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      brandColor: 'F5C518',
      brandTitle: 'Alpha City Parking',
      contactEmail: 'help@alpha.example',
      timezone: 'Europe/Paris',
      maxPermitCountPerCustomer: 3,
    });
    const brand = await t.request('alpha', { method: 'GET', url: '/api/v1/portal/brand/alpha' });
    expect(brand.json()).toMatchObject({
      brandColor: 'F5C518',
      brandTitle: 'Alpha City Parking',
      header1: 'Welcome',
    });

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.before).toEqual({
      brandColor: '1A6B3C',
      brandTitle: 'Alpha Parking',
      header1: body.header1 ?? null,
      contactEmail: body.contactEmail,
      timezone: 'America/New_York',
      maxPermitCountPerCustomer: body.maxPermitCountPerCustomer ?? null,
    });
    expect(entries[0]?.after).toMatchObject({ brandColor: 'F5C518', timezone: 'Europe/Paris' });
  });

  it('refuse bad input with a 400 naming the field, and write nothing', async () => {
    const body = await currentBody();
    const before = await alphaRow();
    const auditBefore = (await t.db.select().from(auditLog)).length;
    const bad: Array<[Partial<Record<keyof TenantSettingsBody, unknown>>, RegExp]> = [
      [{ brandColor: 'red' }, /brandColor/],
      [{ brandTitle: '   ' }, /brandTitle/],
      [{ timezone: 'Mars/Olympus' }, /timezone/],
      [{ appealWindowDays: -1 }, /appealWindowDays/],
      [{ appealWindowDays: 1.5 }, /appealWindowDays/],
      [{ processingFeeBasisPoints: 5000 }, /processingFeeBasisPoints/],
      [{ contactEmail: 'nope' }, /contactEmail/],
      [{ maxPermitCountPerCustomer: 0 }, /maxPermitCountPerCustomer/],
      [{ isCitationOnly: true, isPermitOnly: true }, /isPermitOnly|notices only/],
      [{ logoUrl: 'https://evil.example/logo.png' }, /./],
    ];
    for (const [change, field] of bad) {
      const response = await putSettings(tokens.admin, { ...body, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      // The field's name is in `field` (issue 33); a rule across fields names it in its sentence.
      expect([response.json().field, response.json().message]).toContainEqual(expect.stringMatching(field));
    }
    expect(await alphaRow()).toEqual(before);
    expect((await t.db.select().from(auditLog)).length).toBe(auditBefore);
  });

  it('take a logo uploaded through the storage port, once, and move its version on', async () => {
    const { fileUrl } = await uploadThroughApi(t, 'alpha', pngBytes(), {
      purpose: 'brand-logo',
      fileName: 'logo.png',
    });
    const body = await currentBody();
    const response = await putSettings(tokens.admin, { ...body, logoUrl: fileUrl });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ logoUrl: fileUrl, logoVersion: 1 });
    // A photo uploaded for an appeal is not a logo.
    const photo = await uploadThroughApi(t, 'alpha', pngBytes(), { purpose: 'appeal-photo' });
    expect((await putSettings(tokens.admin, { ...body, logoUrl: photo.fileUrl })).statusCode).toBe(400);
    const removed = await putSettings(tokens.admin, { ...body, logoUrl: null });
    expect(removed.json()).toMatchObject({ logoUrl: null, logoVersion: null });
  });

  it("never reach another tenant: beta's admin changes only beta", async () => {
    const alphaBefore = await alphaRow();
    const betaBody = (await getSettings(tokens.betaAdmin, 'beta')).json();
    expect(betaBody.subdomain).toBe('beta');
    const { logoVersion: _v, serviceFeeCents: _f, subdomain: _s, ...body } = betaBody;
    // Beta's token on alpha's host is not an operator of alpha.
    expect((await putSettings(tokens.betaAdmin, { ...body, brandTitle: 'Beta took over' })).statusCode).toBe(
      401,
    );
    expect(
      (await putSettings(tokens.betaAdmin, { ...body, brandTitle: 'Beta Lot' }, 'beta')).statusCode,
    ).toBe(200);
    expect(await alphaRow()).toEqual(alphaBefore);
  });
});

describe('the languages the portal offers (issue 30)', () => {
  it('are chosen with their default, shown on the portal at once, and audited', async () => {
    const body = await currentBody();
    expect(body).toMatchObject({ languages: ['en', 'fr', 'es'], defaultLanguage: 'en' });
    const response = await putSettings(tokens.admin, {
      ...body,
      languages: ['fr', 'en'],
      defaultLanguage: 'fr',
    });
    expect(response.statusCode).toBe(200);
    // Stored in the catalogue's order, whatever order they were sent in.
    expect(response.json()).toMatchObject({ languages: ['en', 'fr'], defaultLanguage: 'fr' });
    const brand = await t.request('alpha', { method: 'GET', url: '/api/v1/portal/brand/alpha' });
    expect(brand.json()).toMatchObject({ languages: ['en', 'fr'], defaultLanguage: 'fr' });
    // A visitor whose browser asks for Spanish, no longer offered, gets the tenant's default.
    const page = await t.request('alpha', {
      method: 'GET',
      url: '/api/v1/portal/brand/alpha',
      headers: { 'accept-language': 'es' },
    });
    expect(page.headers['content-language']).toBe('fr');
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(entries.at(-1)?.before).toMatchObject({ languages: ['en', 'fr', 'es'], defaultLanguage: 'en' });
    expect(entries.at(-1)?.after).toMatchObject({ languages: ['en', 'fr'], defaultLanguage: 'fr' });
    // Back as it was, for the tests after this one.
    const back = await putSettings(tokens.admin, {
      ...body,
      languages: ['en', 'fr', 'es'],
      defaultLanguage: 'en',
    });
    expect(back.statusCode).toBe(200);
  });

  it('refuse no language, an unknown one and a default not offered with a 400, and write nothing', async () => {
    const body = await currentBody();
    const before = await alphaRow();
    const auditBefore = (await t.db.select().from(auditLog)).length;
    const bad: Array<[Partial<Record<keyof TenantSettingsBody, unknown>>, string]> = [
      [{ languages: [] }, 'The portal must offer at least one language.'],
      [{ languages: ['en', 'de'] }, 'Choose English, French or Spanish.'],
      [{ languages: 'en' }, 'languages'],
      [{ defaultLanguage: 'de' }, 'Choose English, French or Spanish.'],
      [
        { languages: ['fr', 'es'], defaultLanguage: 'en' },
        'The default language must be one of the languages the portal offers.',
      ],
      // The default alone, against the languages already offered.
      [{ languages: undefined, defaultLanguage: 'es' }, ''],
    ];
    // Offer English and French only, then try to make Spanish the default without offering it.
    const narrowed = await putSettings(tokens.admin, {
      ...body,
      languages: ['en', 'fr'],
      defaultLanguage: 'en',
    });
    expect(narrowed.statusCode).toBe(200);
    const narrowedRow = await alphaRow();
    for (const [change, message] of bad) {
      const response = await putSettings(tokens.admin, { ...body, languages: ['en', 'fr'], ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message, JSON.stringify(change)).toContain(
        message || 'The default language must be one of the languages the portal offers.',
      );
    }
    expect(await alphaRow()).toEqual(narrowedRow);
    expect((await t.db.select().from(auditLog)).length).toBe(auditBefore + 1);
    // The same refusal reads in French for a caller who reads French.
    const french = await t.request('alpha', {
      method: 'PUT',
      url: '/api/v1/dashboard/settings',
      headers: { authorization: tokens.admin, 'accept-language': 'fr-CA' },
      payload: { ...body, languages: ['fr'], defaultLanguage: 'en' },
    });
    expect(french.statusCode).toBe(400);
    expect(french.json().message).toBe(
      'La langue par défaut doit faire partie des langues offertes par le portail.',
    );
    const restored = await putSettings(tokens.admin, {
      ...body,
      languages: ['en', 'fr', 'es'],
      defaultLanguage: 'en',
    });
    expect(restored.statusCode).toBe(200);
    expect((await alphaRow()).languages).toEqual(before.languages);
  });
});
