import type { Customer } from '../../../shared/contract';
import type { CustomerRow } from '../../db/schema';

/** A customer as the API presents it; the password hash and token version never leave. */
export function toCustomer(row: CustomerRow): Customer {
  return {
    uuid: row.id,
    customerPublicId: row.customerPublicId,
    signupCode: row.signupCode ? row.signupCode.toUpperCase() : null,
    fullname: row.fullname,
    email: row.email,
    building: row.building,
    unit: row.unit,
    customerEntityName: row.customerEntityName,
    customerEntityUUID: row.businessAccountId,
    isGuestCodesActive: row.isGuestCodesActive,
    guestCode: row.guestCode,
    isEmailVerified: row.emailVerifiedAt !== null,
    entityUUID: row.tenantId,
    language: row.language,
  };
}
