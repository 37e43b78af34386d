import { describe, expect, it } from 'vitest';
import { productFixtureSchema } from '../../db/fixtures/entities/products';
import { PRODUCT_FIELDS_AS_STORED, PRODUCT_FIELDS_WRITTEN_OUT } from './export-tenant-passes';

describe("the tenant export's products", () => {
  it('carry every field of the fixture format, so a new product setting cannot be left behind', () => {
    const exported = [...PRODUCT_FIELDS_AS_STORED, ...PRODUCT_FIELDS_WRITTEN_OUT].sort();
    expect(exported).toEqual(Object.keys(productFixtureSchema.shape).sort());
  });
});
