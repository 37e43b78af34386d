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
