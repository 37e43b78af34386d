import type { PermitProduct } from '../../../shared/contract';
import { ADVANCED_TYPES } from '../../../shared/rules/pass-values';

export interface HolderFieldSet {
  label: string | null;
  hasName: boolean;
  hasEmail: boolean;
  hasAddress: boolean;
  hasPhone: boolean;
  hasSquareContact: boolean;
}

type HolderProduct = Pick<
  PermitProduct,
  'advancedType' | 'labelDescriptor' | 'residencyRule' | 'isAutoApproved' | 'isMinPermitHolderInfo'
>;

/**
 * Which passholder inputs a product's advanced type shows (decision 130): 0 simple (label, name,
 * email), 1 no label (name, email), 2 normal address, 3 label and address (with phone), 4 full
 * custom (custom fields only), 5 square (name, email, phone, building/business, lot name,
 * emergency contact; an address when the product asks for one). A residency rule needs the label
 * (the resident's ID) and the address's state.
 */
export function holderFieldsFor(product: HolderProduct): HolderFieldSet {
  const type = product.advancedType;
  const hasResidency = product.residencyRule !== null;
  const isLabelShown =
    hasResidency ||
    type === ADVANCED_TYPES.labelAndAddress ||
    (type === ADVANCED_TYPES.simple && product.labelDescriptor !== 'None');
  const labelText =
    product.labelDescriptor && product.labelDescriptor !== 'None' ? product.labelDescriptor : 'Label';
  const isSquareAddress =
    type === ADVANCED_TYPES.square && product.isAutoApproved && !product.isMinPermitHolderInfo;
  return {
    label: isLabelShown ? labelText : null,
    hasName: type !== ADVANCED_TYPES.fullCustom,
    hasEmail: type !== ADVANCED_TYPES.fullCustom,
    hasAddress:
      hasResidency ||
      type === ADVANCED_TYPES.normalAddress ||
      type === ADVANCED_TYPES.labelAndAddress ||
      isSquareAddress,
    hasPhone: type === ADVANCED_TYPES.labelAndAddress || type === ADVANCED_TYPES.square,
    hasSquareContact: type === ADVANCED_TYPES.square,
  };
}
