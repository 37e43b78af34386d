/** What other features and the app may use of this feature; its other files are its own. */
export { findCitationById, findCitationByNumber, findCitationsByPlateOrNumber } from './queries';
export { citationRoutes } from './routes';
export { getCitation, getCitationWithPlan, toCitation } from './service';
