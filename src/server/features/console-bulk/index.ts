/** What other features and the app may use of this feature; its other files are its own. */
export { consoleBulkRoutes } from './routes';
