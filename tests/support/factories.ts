import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { fixtureTenantSchema } from '../../src/server/db/fixtures/document';
import type { appealFixtureSchema } from '../../src/server/db/fixtures/entities/appeals';
import type { citationFixtureSchema } from '../../src/server/db/fixtures/entities/citations';
import type { customerFixtureSchema } from '../../src/server/db/fixtures/entities/customers';
import type { operatorFixtureSchema } from '../../src/server/db/fixtures/entities/operators';
import type { signupCodeFixtureSchema } from '../../src/server/db/fixtures/entities/signup-codes';

/**
 * Fixture builders with overrides, one per entity of the fixture document
 * (src/server/db/fixtures/document.ts): tests describe only what matters to them and load the
 * result through the same loader as the demo data (`useTestApp({ seed })`, `t().seed(...)`).
 * Every builder answers a valid entity with unique names, emails and numbers, so two calls never
 * collide; nested lists (a tenant's citations, customers, ...) are passed as overrides.
 *
 *   buildTenant({ subdomain: 'alpha', citations: [buildCitation({ amount: 4000 })],
 *                 customers: [buildCustomer({ email: 'dana@example.com' })] })
 */
export type TenantInput = z.input<typeof fixtureTenantSchema>;
export type CitationInput = z.input<typeof citationFixtureSchema>;
export type CustomerInput = z.input<typeof customerFixtureSchema>;
export type OperatorInput = z.input<typeof operatorFixtureSchema>;
export type SignupCodeInput = z.input<typeof signupCodeFixtureSchema>;
export type AppealInput = z.input<typeof appealFixtureSchema>;

/** The password of every customer a factory builds, unless overridden: sign in with it. */
export const TEST_PASSWORD = 'Parking#2026';
/** The password of every operator a factory builds, unless overridden. */
export const TEST_OPERATOR_PASSWORD = 'Operator#2026';

let sequence = 0;
const next = () => ++sequence;

/** A tenant with a uuid of its own, so that tests can name it without looking it up. */
export function buildTenant(overrides: Partial<TenantInput> = {}): TenantInput & { uuid: string } {
  const n = next();
  return {
    uuid: randomUUID(),
    subdomain: `tenant${n}-${randomUUID().slice(0, 6)}`,
    brandTitle: `Tenant ${n}`,
    brandColor: '1F6FEB',
    timezone: 'America/New_York',
    contactEmail: `support${n}@example.com`,
    ...overrides,
  };
}

export function buildCitation(overrides: Partial<CitationInput> = {}): CitationInput {
  const n = next();
  return {
    citationNumber: `N${String(n).padStart(6, '0')}`,
    plate: `PLT${n}`,
    stateProv: 'NY',
    createdOn: '2026-11-10T14:00:00Z',
    paymentStatus: 'Open',
    amount: 5000,
    citationName: 'EXPIRED METER',
    citationDescription: 'Parked at an expired meter',
    location: 'Lot A',
    ...overrides,
  };
}

/** Notices with these numbers and nothing else to tell them apart. */
export function buildCitations(citationNumbers: string[], overrides: Partial<CitationInput> = {}) {
  return citationNumbers.map((citationNumber) => buildCitation({ ...overrides, citationNumber }));
}

/** A customer account with the password TEST_PASSWORD. */

// Part 2 (parking passes, business accounts, patrol). Each builder answers a fixture entry with
// the spec's field names; tests override only what matters to them.
type VehicleInput = NonNullable<CustomerInput['vehicles']>[number];
type ProductInput = NonNullable<TenantInput['products']>[number];
type PassInput = NonNullable<TenantInput['passes']>[number];
type ScanInput = NonNullable<TenantInput['scans']>[number];
type ReportInput = NonNullable<TenantInput['reports']>[number];

export function buildCustomer(overrides: Partial<CustomerInput> = {}): CustomerInput {
  const n = next();
  return {
    fullname: `Customer ${n}`,
    email: `customer${n}@example.com`,
    password: TEST_PASSWORD,
    ...overrides,
  };
}

/** An operator of the tenant with the password TEST_OPERATOR_PASSWORD. */
export function buildOperator(overrides: Partial<OperatorInput> = {}): OperatorInput {
  const n = next();
  return {
    fullname: `Operator ${n}`,
    email: `operator${n}@example.com`,
    password: TEST_OPERATOR_PASSWORD,
    ...overrides,
  };
}

export function buildSignupCode(overrides: Partial<SignupCodeInput> = {}): SignupCodeInput {
  return { code: `CODE-${next()}`, ...overrides };
}

/** A pending appeal of the notice `citationNumber` (which the same tenant must hold). */
export function buildAppeal(
  overrides: Partial<AppealInput> & Pick<AppealInput, 'citationNumber'>,
): AppealInput {
  const n = next();
  return {
    name: `Appellant ${n}`,
    email: `appellant${n}@example.com`,
    phoneNumber: '555-0100',
    address: '1 Main St',
    reason: 'The sign was covered.',
    submissionDate: '2026-11-12T10:00:00Z',
    ...overrides,
  };
}

/**
 * An appeal whose appellant's email names its notice (`q1@example.com` for Q1), so that a test
 * can find the emails about it in the outbox.
 */
export function buildAppealOf(
  citationNumber: string,
  submissionDate: string,
  extra: Partial<AppealInput> = {},
): AppealInput {
  return buildAppeal({
    citationNumber,
    email: `${citationNumber.toLowerCase()}@example.com`,
    submissionDate,
    ...extra,
  });
}

export function buildVehicle(overrides: Partial<VehicleInput> = {}): VehicleInput {
  const n = next();
  return {
    plate: `VEH${String(n).padStart(4, '0')}`,
    state: 'NY',
    make: 'TOYOTA',
    model: 'COROLLA',
    color: 'SILVER',
    ...overrides,
  };
}

export function buildProduct(overrides: Partial<ProductInput> = {}): ProductInput {
  const n = next();
  return {
    name: `Pass product ${n}`,
    amount: 0,
    billingType: 'ONE TIME',
    billingPeriod: 'NONE',
    permitDuration: 1,
    permitDurationUnit: 'DAY',
    timeSelectionType: 1,
    advancedType: 0,
    isAutoApproved: true,
    ...overrides,
  };
}

/** A pass of `product` (by name), valid for a day from the test clock's morning. */
export function buildPass(product: string, overrides: Partial<PassInput> = {}): PassInput {
  return {
    product,
    paidStatus: 'paid',
    issuedOn: '2026-11-20T09:00:00Z',
    expiresAt: '2026-11-21T09:00:00Z',
    vehicle: buildVehicle(),
    permitHolder: { name: 'Pat Holder', email: 'holder@example.com' },
    ...overrides,
  };
}

export function buildScan(overrides: Partial<ScanInput> = {}): ScanInput {
  const n = next();
  return {
    clientId: `scan-${n}-${randomUUID().slice(0, 8)}`,
    capturedAt: '2026-11-20T14:00:00Z',
    plate: `SCN${n}`,
    fullname: 'Pat Patrol',
    userEmail: 'patrol@example.com',
    alertMessage: null,
    fullImageURL: null,
    latitude: 40.7549,
    longitude: -73.984,
    ...overrides,
  };
}

export function buildReport(overrides: Partial<ReportInput> = {}): ReportInput {
  return {
    uuid: randomUUID(),
    startDate: '2026-11-01T00:00:00Z',
    endDate: '2026-11-21T00:00:00Z',
    ...overrides,
  };
}

type BusinessAccountInput = NonNullable<TenantInput['businessAccounts']>[number];

export function buildBusinessAccount(overrides: Partial<BusinessAccountInput> = {}): BusinessAccountInput {
  const n = next();
  return { name: `Business ${n}`, ...overrides };
}
