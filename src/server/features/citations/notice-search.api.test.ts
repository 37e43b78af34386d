import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../../../tests/support/factories';
import { useTestApp } from '../../../../tests/support/test-app';
import { PAYMENT_STATUSES } from '../../../shared/contract';
import { citationCodes, citations, tenants } from '../../db/schema';
import { findCitationsByPlateOrNumber } from './queries';
import { searchCitations, toCitation } from './service';

// The public search reads its notices as arrays straight from the driver (decision 170); every
// other read builds them with toCitation from Drizzle's rows. Whatever a notice holds, the two
// must give the same answer, byte for byte once written as JSON, on both drivers.

const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'alpha',
        timezone: 'America/New_York',
        citations: [
          buildCitation({ plate: 'SEEDED1', citationName: 'P02', citationDescription: 'No permit' }),
        ],
      }),
    ],
  },
});

/** Any text PostgreSQL can store: every code point but NUL, controls, quotes and emoji included. */
const anyText = fc.string({ unit: 'binary', maxLength: 12 }).map((text) => text.replaceAll('\u0000', ''));
const maybe = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null });
/** A timestamp with microseconds, which both paths must cut to milliseconds the same way. */
const timestamp = fc
  .tuple(
    fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
    fc.integer({ min: 0, max: 999 }),
  )
  .map(([ms, micros]) => `${new Date(ms).toISOString().slice(0, -1)}${String(micros).padStart(3, '0')}Z`);
const amount = fc.integer({ min: 0, max: 1_000_000 });

const storedNotice = fc.record({
  citationNumber: anyText,
  stateProv: maybe(anyText),
  datePaid: maybe(timestamp),
  voidDate: maybe(timestamp),
  paymentStatus: fc.constantFrom(...PAYMENT_STATUSES),
  amount,
  amountOverride: maybe(amount),
  paidTotal: maybe(amount),
  lateAmount1: maybe(amount),
  lateDays1: maybe(fc.integer({ min: 0, max: 400 })),
  lateAmount2: maybe(amount),
  lateDays2: maybe(fc.integer({ min: 0, max: 400 })),
  withCode: fc.boolean(),
  location: maybe(anyText),
  imageUrls: fc.array(anyText, { maxLength: 3 }),
  receiptUrl: maybe(anyText),
  make: maybe(anyText),
  color: maybe(anyText),
  comments: maybe(anyText),
});

describe('the public search read as arrays', () => {
  it('answers what toCitation answers, byte for byte, whatever the notices hold', async () => {
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.subdomain, 'alpha'));
    const [code] = await t.db.select().from(citationCodes).where(eq(citationCodes.tenantId, tenant!.id));
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(storedNotice, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2031, 0, 1) }),
        async (notices, nowMs) => {
          const plate = `JSON${run++}`;
          await t.db.insert(citations).values(
            notices.map(({ withCode, datePaid, voidDate, ...notice }, index) => ({
              ...notice,
              citationNumber: `${plate}-${index}-${notice.citationNumber}`,
              tenantId: tenant!.id,
              plate,
              citationCodeId: withCode ? code!.id : null,
              // Apart by a day each, so both paths order them the same way.
              createdOn: sql`${`2026-0${index + 1}-15T08:30:00.123456Z`}::timestamptz`,
              datePaid: datePaid === null ? null : sql`${datePaid}::timestamptz`,
              voidDate: voidDate === null ? null : sql`${voidDate}::timestamptz`,
            })),
          );
          const now = new Date(nowMs);
          const found = await searchCitations({ db: t.db, tenant: tenant!, plate, number: 'blank', now });
          const rows = await findCitationsByPlateOrNumber(t.db, tenant!.id, { plate, number: null });
          expect(JSON.stringify(found)).toBe(
            // No plan on these notices: the rows say so (decision 236).
            JSON.stringify(rows.map((row) => ({ ...toCitation(row, tenant!, now), paymentPlan: null }))),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('finds by number and by plate and number as the object path does', async () => {
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.subdomain, 'alpha'));
    const now = new Date('2026-11-20T12:00:00Z');
    const [seeded] = await findCitationsByPlateOrNumber(t.db, tenant!.id, { plate: 'SEEDED1', number: null });
    const expected = JSON.stringify([{ ...toCitation(seeded!, tenant!, now), paymentPlan: null }]);
    const number = seeded!.citation.citationNumber;
    for (const search of [
      { plate: 'blank', number },
      { plate: 'SEEDED1', number },
    ]) {
      expect(JSON.stringify(await searchCitations({ db: t.db, tenant: tenant!, ...search, now }))).toBe(
        expected,
      );
    }
    expect(
      JSON.stringify(await searchCitations({ db: t.db, tenant: tenant!, plate: 'OTHER', number, now })),
    ).toBe('[]');
  });
});
