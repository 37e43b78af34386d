/** What other features and the app may use of this feature; its other files are its own. */
export { findPlateStanding } from './plate-standing';
export { repeatOffenderRoutes } from './routes';
