// One file per domain; each later feature adds its tables in a file of its own and exports it here.
export * from './accounts';
export * from './api-keys';
export * from './appeal-messages';
export * from './appeals';
export * from './audit';
export * from './business-accounts';
export * from './citations';
export * from './customers';
export * from './mail';
export * from './operators';
export * from './pass-living';
export * from './passes';
export * from './patrol';
export * from './payments';
export * from './subscriptions';
export * from './tenants';
export * from './uploads';
