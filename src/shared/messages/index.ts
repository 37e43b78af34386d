export * from './accounts';
export * from './appeals';
export * from './citations';
export * from './common';
export * from './legal';
export * from './operators';
export * from './payments';
export * from './uploads';
