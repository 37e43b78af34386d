export * from './dates';
export * from './html';
export * from './money';
