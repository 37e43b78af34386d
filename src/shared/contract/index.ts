export * from './accounts';
export * from './appeal-messages';
export * from './appeals';
export * from './brand';
export * from './citations';
export * from './common';
export * from './define-route';
export * from './enforcement';
export * from './errors';
export * from './operators';
export * from './passes';
// Issue 10, living with a pass: each contract of passes-living.ts is exported once its route is registered.
export {
  addSecondaryVehicleContract,
  cancelPermitContract,
  deleteSecondaryVehicleContract,
  deleteVehicleContract,
  deleteVehiclePostContract,
  emailCustomerPermitContract,
  getIssuedFieldsContract,
  guestEditVehicleContract,
  listGuestVehiclesContract,
  permitTimesUpdateSchema,
  setPermitTimesContract,
  setPermitVehicleContract,
  setPrimaryVehicleStateContract,
  setSecondaryVehicleStateContract,
  updateIssuedFieldsContract,
  updatePermitHolderContract,
  updateVehicleContract,
} from './passes-living';
export * from './payments';
export * from './reports';
export * from './ticketview';
export * from './uploads';
