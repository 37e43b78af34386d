/** What other features and the app may use of this feature; its other files are its own. */
export { authoriseConsoleCall } from './authorise';
export { auditActorOf } from './console-notice';
export { voidNoticeWithin } from './notice-changes';
export { noticeConditions } from './notice-filters';
export { consoleNoticeRoutes } from './routes';
