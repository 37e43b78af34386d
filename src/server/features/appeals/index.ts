/** What other features and the app may use of this feature; its other files are its own. */
export { appealMessageRoutes } from './appeal-message-routes';
export { dashboardAppealRoutes } from './dashboard-routes';
export { findAppealByCitation } from './queries';
export { appealRoutes } from './routes';
export { sweepUnconfirmedAppeals } from './sweep-unconfirmed-appeals';
