/** What other features and the app may use of this feature; its other files are its own. */
export { privacyRoutes } from './routes';
export { RETENTION_SWEEP_INTERVAL_MS, sweepRetention } from './sweep-retention';
