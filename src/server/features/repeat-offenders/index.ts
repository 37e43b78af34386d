export { findPlateStanding } from './plate-standing';
export { repeatOffenderRoutes } from './routes';
