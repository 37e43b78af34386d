export * from './accounts';
export * from './appeal-messages';
export * from './appeals';
export * from './brand';
export * from './citations';
export * from './common';
export * from './console-appeals';
export * from './console-audit';
export * from './console-bulk';
export * from './console-customers';
export * from './console-notices';
export * from './console-operators';
export * from './console-overview';
export * from './console-passes';
export * from './console-plates';
export * from './console-settings';
export * from './define-route';
export * from './enforcement';
export * from './errors';
export * from './guest-quotas';
export * from './list-total';
export * from './operators';
export * from './pass-extensions';
export * from './passes';
export * from './passes-catalogue';
// Issue 10, passes dashboard half: exported as their routes are registered (living-routes.ts).
// Issue 10, living with a pass: each contract of passes-living.ts is exported once its route is registered.
export {
  acceptInvitationContract,
  addSecondaryVehicleContract,
  businessPermitsGraphDataContract,
  cancelPermitContract,
  customerPermitsGraphDataContract,
  deleteSecondaryVehicleContract,
  deleteVehicleContract,
  deleteVehiclePostContract,
  emailCustomerPermitContract,
  type GraphData,
  getInvitationContract,
  getIssuedFieldsContract,
  graphDataSchema,
  guestEditVehicleContract,
  type Invitation,
  invitationSchema,
  listBusinessPermitsContract,
  listCustomerPermitsContract,
  listGuestVehiclesContract,
  listVisitorPermitsContract,
  type PassDecisionAnswer,
  passDecisionAnswerSchema,
  paymentHistoryContract,
  permitTimesUpdateSchema,
  setPermitIssuedStatusContract,
  setPermitTimesContract,
  setPermitVehicleContract,
  setPrimaryVehicleStateContract,
  setSecondaryVehicleStateContract,
  type Transaction,
  transactionSchema,
  updateIssuedFieldsContract,
  updatePermitHolderContract,
  updateVehicleContract,
} from './passes-living';
export * from './passes-proof';
export * from './payment-plans';
export * from './payments';
export * from './platform-admin';
export * from './privacy';
export * from './refunds';
export * from './repeat-offenders';
export * from './reports';
export * from './ticketview';
export * from './uploads';
export * from './waitlists';
