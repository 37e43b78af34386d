import { describe, expect, it } from 'vitest';
import { ADVANCED_TYPES } from '../../../shared/rules/pass-values';
import { holderFieldsFor } from './holder-fields';

const product = (overrides: Partial<Parameters<typeof holderFieldsFor>[0]> = {}) =>
  holderFieldsFor({
    advancedType: ADVANCED_TYPES.simple,
    labelDescriptor: 'Unit',
    residencyRule: null,
    isAutoApproved: true,
    isMinPermitHolderInfo: false,
    ...overrides,
  });

describe('holderFieldsFor', () => {
  it('simple shows the label by its descriptor, name and email; None hides the label', () => {
    expect(product()).toEqual({
      label: 'Unit',
      hasName: true,
      hasEmail: true,
      hasAddress: false,
      hasPhone: false,
      hasSquareContact: false,
    });
    expect(product({ labelDescriptor: 'None' }).label).toBeNull();
  });

  it('no label and normal address differ by the address only', () => {
    expect(product({ advancedType: ADVANCED_TYPES.noLabel })).toMatchObject({
      label: null,
      hasAddress: false,
    });
    expect(product({ advancedType: ADVANCED_TYPES.normalAddress })).toMatchObject({
      label: null,
      hasAddress: true,
    });
  });

  it('label and address asks for label, address and phone', () => {
    expect(product({ advancedType: ADVANCED_TYPES.labelAndAddress })).toMatchObject({
      label: 'Unit',
      hasAddress: true,
      hasPhone: true,
    });
  });

  it('full custom has no holder inputs', () => {
    expect(product({ advancedType: ADVANCED_TYPES.fullCustom })).toMatchObject({
      hasName: false,
      hasEmail: false,
    });
  });

  it('square shows its contacts, and the address only when an auto-approved product needs it', () => {
    expect(product({ advancedType: ADVANCED_TYPES.square })).toMatchObject({
      hasSquareContact: true,
      hasPhone: true,
      hasAddress: true,
    });
    expect(product({ advancedType: ADVANCED_TYPES.square, isMinPermitHolderInfo: true }).hasAddress).toBe(
      false,
    );
    expect(product({ advancedType: ADVANCED_TYPES.square, isAutoApproved: false }).hasAddress).toBe(false);
  });

  it('a residency rule always asks for the label and the address', () => {
    expect(
      product({ advancedType: ADVANCED_TYPES.noLabel, residencyRule: 'HI', labelDescriptor: 'None' }),
    ).toMatchObject({
      label: 'Label',
      hasAddress: true,
    });
  });
});
