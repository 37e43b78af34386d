export * from './dates';
export * from './html';
export * from './money';
export * from './numbers';
export * from './recurring-money';
export * from './status-labels';
export * from './zone-offsets';
export * from './zoned-time';
