import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { fixtureTenantSchema } from '../../src/server/db/fixtures/document';

type TenantInput = z.input<typeof fixtureTenantSchema>;
type CitationInput = NonNullable<TenantInput['citations']>[number];

let sequence = 0;
const next = () => ++sequence;

/**
 * Fixture builders with overrides: tests describe only what matters to them and load the result
 * through the same loader as the demo data.
 */
export function buildTenant(overrides: Partial<TenantInput> = {}): TenantInput {
  const n = next();
  return {
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

// Part 2 (parking passes, business accounts, patrol). Each builder answers a fixture entry with
// the spec's field names; tests override only what matters to them.
type CustomerInput = NonNullable<TenantInput['customers']>[number];
type VehicleInput = NonNullable<CustomerInput['vehicles']>[number];
type ProductInput = NonNullable<TenantInput['products']>[number];
type PassInput = NonNullable<TenantInput['passes']>[number];
type ScanInput = NonNullable<TenantInput['scans']>[number];
type ReportInput = NonNullable<TenantInput['reports']>[number];
type OperatorInput = NonNullable<TenantInput['operators']>[number];

export function buildCustomer(overrides: Partial<CustomerInput> = {}): CustomerInput {
  const n = next();
  return {
    fullname: `Customer ${n}`,
    email: `customer${n}@example.com`,
    password: 'Parking#2026',
    ...overrides,
  };
}

export function buildOperator(overrides: Partial<OperatorInput> = {}): OperatorInput {
  const n = next();
  return {
    fullname: `Operator ${n}`,
    email: `operator${n}@example.com`,
    password: 'Operator#2026',
    ...overrides,
  };
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
