import { passMessages } from '../messages/passes';
import { isValidEmail } from './account-validation';
import { ADVANCED_TYPES, type AdvancedType, type ResidencyRule, type TimeSelectionType } from './pass-values';

/** What the checkout rules need to know of a product. */
export interface CheckoutRuleProduct {
  needsGuestCode: boolean;
  timeSelectionType: TimeSelectionType;
  advancedType: AdvancedType;
  isAutoApproved: boolean;
  isRegImgRequired: boolean;
  residencyRule: ResidencyRule | null;
  guestNeedsPermitHolderInfo: boolean;
  isMinPermitHolderInfo: boolean;
  formFields: ReadonlyArray<{ label: string }>;
}

export interface CheckoutHolderInput {
  name: string | null;
  label: string | null;
  email: string | null;
  address1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  phone: string | null;
  buildingBusiness: string | null;
  lotName: string | null;
  emergencyName: string | null;
  emergencyEmail: string | null;
  emergencyNumber: string | null;
}

/** A checkout or application as typed, whichever screen it came from. */
export interface CheckoutRuleInput {
  /** A guest checkout (email and plate typed) rather than a customer's application. */
  isGuest: boolean;
  guestCode: string | null;
  email: string | null;
  /** The email came from a verification link: it is not typed, so not checked. */
  isEmailVerified: boolean;
  date: string | null;
  endDate: string | null;
  /** The typed plate (guest) or whether a saved vehicle was chosen (customer). */
  hasVehicle: boolean;
  holder: CheckoutHolderInput;
  formFields: ReadonlyArray<{ label: string; value: string }>;
  proofCount: number;
}

export interface CheckoutProblem {
  /** 'residency_rule' opens the Registration Error dialog; the rest are banners or alerts. */
  code: 'pass_validation' | 'residency_rule';
  message: string;
}

/** Hawaii ID: an optional letter H, K, M or Z, then 8 or 9 digits (section 5). */
const HAWAII_ID = /^[HKMZ]?\d{8,9}$/i;
const isBlank = (value: string | null | undefined) => !value || value.trim().length === 0;
const problem = (message: string, code: CheckoutProblem['code'] = 'pass_validation'): CheckoutProblem => ({
  code,
  message,
});

/** Whether a holder breaks the product's residency rule (Hawaii: an ID label and state HI). */
export function breaksResidencyRule(
  rule: ResidencyRule | null,
  holder: { label: string | null; state: string | null },
): boolean {
  if (rule !== 'HI') return false;
  return !HAWAII_ID.test(holder.label?.trim() ?? '') || holder.state?.trim().toUpperCase() !== 'HI';
}

/** Whether a product's holder section is shown (and checked) for this checkout. */
export function needsHolderInfo(product: CheckoutRuleProduct, isGuest: boolean): boolean {
  return !isGuest || product.guestNeedsPermitHolderInfo || product.residencyRule !== null;
}

/**
 * The first rule of section 5 a checkout breaks, in the spec's order, or null. The form runs it
 * before sending and the server runs it again on what arrives: both show the same message.
 */
export function findCheckoutProblem(
  product: CheckoutRuleProduct,
  input: CheckoutRuleInput,
): CheckoutProblem | null {
  const { holder } = input;
  if (product.needsGuestCode && isBlank(input.guestCode)) return problem(passMessages.guestCodeRequired);
  if (input.isGuest && !input.isEmailVerified && !isValidEmail(input.email ?? '')) {
    return problem(passMessages.emailInvalid);
  }
  if (product.timeSelectionType !== 2 && isBlank(input.date)) return problem(passMessages.dateRequired);
  if (!input.hasVehicle) return problem(passMessages.vehicleRequired);
  if (product.timeSelectionType === 3 && (isBlank(input.date) || isBlank(input.endDate))) {
    return problem(passMessages.startAndEndRequired);
  }

  if (product.advancedType === ADVANCED_TYPES.fullCustom) {
    const answered = new Map(input.formFields.map((field) => [field.label, field.value]));
    if (product.formFields.some((field) => isBlank(answered.get(field.label)))) {
      return problem(passMessages.fullCustomFieldsRequired);
    }
  }
  if (needsHolderInfo(product, input.isGuest)) {
    if (
      product.advancedType === ADVANCED_TYPES.labelAndAddress &&
      [
        holder.label,
        holder.name,
        holder.address1,
        holder.city,
        holder.state,
        holder.zip,
        holder.country,
        holder.phone,
      ].some(isBlank)
    ) {
      return problem(passMessages.labelAndAddressRequired);
    }
    if (breaksResidencyRule(product.residencyRule, holder)) {
      return problem(passMessages.residencyErrorHawaii, 'residency_rule');
    }
    if (product.advancedType !== ADVANCED_TYPES.fullCustom) {
      if (isBlank(holder.name)) return problem(passMessages.holderNameRequired);
      if (!isBlank(holder.email) && !isValidEmail(holder.email!.trim()))
        return problem(passMessages.holderEmailInvalid);
    }
    const needsAddress =
      product.isAutoApproved &&
      !product.isMinPermitHolderInfo &&
      !(
        [ADVANCED_TYPES.simple, ADVANCED_TYPES.noLabel, ADVANCED_TYPES.fullCustom] as AdvancedType[]
      ).includes(product.advancedType);
    if (
      needsAddress &&
      [holder.address1, holder.city, holder.state, holder.zip, holder.country].some(isBlank)
    ) {
      return problem(passMessages.addressRequired);
    }
    if (product.advancedType === ADVANCED_TYPES.square) {
      if (
        [
          holder.phone,
          holder.buildingBusiness,
          holder.lotName,
          holder.emergencyName,
          holder.emergencyEmail,
          holder.emergencyNumber,
        ].some(isBlank)
      ) {
        return problem(passMessages.squareContactRequired);
      }
      if (!isValidEmail(holder.emergencyEmail!.trim())) return problem(passMessages.emergencyEmailInvalid);
    }
  }
  if (product.isRegImgRequired && input.proofCount === 0) return problem(passMessages.proofRequired);
  return null;
}
