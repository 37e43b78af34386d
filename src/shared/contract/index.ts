export * from './accounts';
export * from './appeal-messages';
export * from './appeals';
export * from './brand';
export * from './citations';
export * from './common';
export * from './console-passes';
export * from './define-route';
export * from './enforcement';
export * from './errors';
export * from './operators';
export * from './passes';
// Issue 10, passes dashboard half: exported as their routes are registered (living-routes.ts).
export {
  businessPermitsGraphDataContract,
  customerPermitsGraphDataContract,
  type GraphData,
  graphDataSchema,
  listBusinessPermitsContract,
  listCustomerPermitsContract,
  listVisitorPermitsContract,
  paymentHistoryContract,
  setPermitIssuedStatusContract,
  type Transaction,
  transactionSchema,
} from './passes-living';
export * from './passes-proof';
export * from './payments';
export * from './reports';
export * from './ticketview';
export * from './uploads';
