export * from './dates';
export * from './html';
export * from './money';
export * from './recurring-money';
export * from './zone-offsets';
export * from './zoned-time';
