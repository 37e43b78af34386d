/** What other features and the app may use of this feature; its other files are its own. */
export { enqueueEmailChangedNotice, enqueueVerificationEmail } from './account-emails';
export { consumeOneTimeToken, hashToken, issueOneTimeToken } from './one-time-tokens';
export { hashPassword, passwords, verifyPassword } from './password-hash';
export { authPlugin } from './plugin';
export {
  authRateLimits,
  operatorByEmail,
  signedInCustomer,
  signInRateLimits,
  tenantValue,
} from './rate-limits';
export { authRoutes } from './routes';
export { issueSession } from './service';
export { bearerCredentialFrom, bearerTokenFrom, signAccessToken, verifyAccessToken } from './tokens';
