export * from './accounts';
export * from './appeals';
export * from './brand';
export * from './citations';
export * from './common';
export * from './payments';
export * from './ticketview';
export * from './uploads';
