/** What other features and the app may use of this feature; its other files are its own. */
export { startEmailWorker } from './deliver-pending-emails';
export { devMailboxRoutes } from './dev-mailbox-routes';
export {
  type EmailFormatting,
  emailFormatting,
  enqueueEmail,
  type FormattingRead,
  formattingColumns,
  formattingOf,
  type OutboxRow,
  outboxInsert,
  outboxRow,
  readOutboxBacklog,
} from './outbox';
