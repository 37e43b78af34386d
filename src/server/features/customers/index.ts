/** What other features and the app may use of this feature; its other files are its own. */
export { consumeGuestCode, rotateGuestCode } from './guest-codes';
export { customerEmailIs, findCustomerByEmail, isUniqueViolation } from './queries';
export { customerRoutes } from './routes';
