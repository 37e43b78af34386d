import {
  type IssuedPermit,
  MAX_PROOF_FILES,
  type PermitProduct,
  type PermitStatus,
  type Vehicle,
} from '../../../shared/contract';
import type {
  IssuedPassRow,
  PassProductRow,
  PassVehicleRow,
  PermitHolderRow,
  SubscriptionRow,
} from '../../db/schema';
import { isRenewing } from '../payments';
import { holderAddressOf } from './holder-address';
import type { ProductWithDetails } from './queries';
import { sanitiseRichText } from './sanitise-rich-text';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** No place to buy: all taken, or freed ones going to people on the waitlist first (decision 210). */
export function isSoldOut(details: Pick<ProductWithDetails, 'row' | 'heldCount' | 'waitingCount'>): boolean {
  if (details.row.capacity === null) return false;
  return details.heldCount >= details.row.capacity || (details.row.hasWaitlist && details.waitingCount > 0);
}

/** Permit product (section 3); the footer copy is sanitised on the way out, whoever wrote it. */
export function toPermitProduct(details: ProductWithDetails): PermitProduct {
  const { row } = details;
  return {
    uuid: row.id,
    name: row.name,
    description: row.description,
    amount: row.amount,
    currency: row.currency,
    billingType: row.billingType,
    billingPeriod: row.billingPeriod,
    permitDuration: row.permitDuration,
    permitDurationUnit: row.permitDurationUnit,
    timeSelectionType: row.timeSelectionType,
    chosenDate: iso(row.chosenDate),
    chosenEndDate: iso(row.chosenEndDate),
    advancedType: row.advancedType,
    isAutoApproved: row.isAutoApproved,
    isEmailVerify: row.isEmailVerify,
    isSignupCodeRequired: row.isSignupCodeRequired,
    isSoldOut: isSoldOut(details),
    hasWaitlist: row.hasWaitlist,
    isRegImgRequired: row.isRegImgRequired,
    needsGuestCode: row.needsGuestCode,
    guestFieldsType: row.guestFieldsType,
    guestNeedsPermitHolderInfo: row.guestNeedsPermitHolderInfo,
    isMinPermitHolderInfo: row.isMinPermitHolderInfo,
    labelDescriptor: row.labelDescriptor,
    documentUploadCopy: row.documentUploadCopy,
    isPlateOnly: row.isPlateOnly,
    footerCopy: sanitiseRichText(row.footerCopy),
    footerCopyAboveCheckout: sanitiseRichText(row.footerCopyAboveCheckout),
    formFields: details.formFields,
    isVisitorOnly: row.isVisitorOnly,
    isBusinessProduct: row.isBusinessProduct,
    hasAccessCodes: details.hasAccessCodes,
    maxVehiclesPerPermit: row.maxVehiclesPerPermit,
    maxActiveVehiclesPerPermit: row.maxActiveVehiclesPerPermit,
    canEditTimes: row.canEditTimes,
    residencyRule: row.residencyRule,
    maxProofFiles: MAX_PROOF_FILES,
    dailyWindow: details.dailyWindow,
  };
}

/** The status the screens show (section 3): Valid, Expired, 'Needs payment', waiting or empty. */
export function permitStatusOf(
  pass: Pick<IssuedPassRow, 'paidStatus' | 'expiresAt'>,
  now: Date,
): PermitStatus {
  switch (pass.paidStatus) {
    case 'paid':
      return pass.expiresAt > now ? 'Valid' : 'Expired';
    case 'expired':
      return 'Expired';
    case 'incomplete':
      return 'Needs payment';
    case 'waiting':
      return 'waiting';
    default:
      return '';
  }
}

export function toVehicle(row: PassVehicleRow): Vehicle {
  return {
    uuid: row.id,
    plate: row.plate,
    state: row.state,
    make: row.make,
    model: row.model,
    color: row.color,
    isPrimary: row.isPrimary,
    isActive: row.isActive,
    permitIssuedUUID: row.passId,
    vehicleUUID: row.customerVehicleId,
  };
}

export function toIssuedPermit(options: {
  pass: IssuedPassRow;
  product: PassProductRow;
  holder: PermitHolderRow | null;
  vehicles: PassVehicleRow[];
  proofUrls: string[];
  /** The pass's subscription, for a recurring pass whose checkout has begun. */
  subscription: SubscriptionRow | null;
  /** The product's time of day (decision 181), shown on the receipt and the pass detail. */
  dailyWindow: { from: string; to: string } | null;
  now: Date;
}): IssuedPermit {
  const { pass, product, holder, vehicles, proofUrls } = options;
  const primary = vehicles.find((vehicle) => vehicle.isPrimary) ?? null;
  return {
    uuid: pass.id,
    customerPermitId: pass.customerPermitId,
    permitUUID: product.id,
    permitName: product.name,
    permitDescription: product.description,
    status: permitStatusOf(pass, options.now),
    paidStatus: pass.paidStatus,
    issuedOn: pass.issuedOn.toISOString(),
    expiresAt: pass.expiresAt.toISOString(),
    canEditTimes: product.canEditTimes,
    vehicle: primary ? toVehicle(primary) : null,
    secondaryVehicles: vehicles.filter((vehicle) => !vehicle.isPrimary).map(toVehicle),
    maxVehiclesPerPermit: product.maxVehiclesPerPermit,
    maxActiveVehiclesPerPermit: product.maxActiveVehiclesPerPermit,
    amount: pass.amount,
    currency: pass.currency,
    advancedType: product.advancedType,
    customFormFields: pass.customFormFields,
    permitHolder: holder
      ? {
          ...holderAddressOf(holder),
          label: holder.label,
          phonenumber: holder.phoneNumber,
          buildingBusiness: holder.buildingBusiness,
          emergencyName: holder.emergencyName,
          emergencyNumber: holder.emergencyNumber,
          emergencyEmail: holder.emergencyEmail,
        }
      : null,
    customerName: pass.customerName,
    customerEmail: pass.customerEmail,
    isVisitorOnly: product.isVisitorOnly,
    isRecurring: product.billingType !== 'ONE TIME',
    billingPeriod: product.billingPeriod,
    dailyWindow: product.timeSelectionType === 1 ? options.dailyWindow : null,
    // Still renewing even once canceled when the provider could not be told yet (decision 178).
    isRenewing: Boolean(options.subscription?.providerSubscriptionId && isRenewing(options.subscription)),
    businessAccountUUID: pass.businessAccountId,
    receiptUrl: pass.receiptUrl,
    regImgUrl: proofUrls[0] ?? null,
    regImgUrls: proofUrls,
    footerCopy: sanitiseRichText(product.footerCopy),
    footerCopyAboveCheckout: sanitiseRichText(product.footerCopyAboveCheckout),
  };
}
