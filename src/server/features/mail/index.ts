/** What other features and the app may use of this feature; its other files are its own. */
export { startEmailWorker } from './deliver-pending-emails';
export { devMailboxRoutes } from './dev-mailbox-routes';
export { enqueueEmail, readOutboxBacklog } from './outbox';
