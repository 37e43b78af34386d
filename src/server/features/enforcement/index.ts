/** What other features and the app may use of this feature; its other files are its own. */
export { announceRevokedKey, createApiKey, isWellFormedApiKey, listApiKeys, revokeApiKey } from './api-keys';
export { announceDevelopmentApiKey } from './development-key';
export { describeEmbeddedDatabaseLock } from './embedded-database-lock';
export { patrolManifestRoutes } from './patrol-manifest';
export { enforcementRoutes, mapStyleOrigins } from './routes';
