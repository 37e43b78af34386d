/** What other features and the app may use of this feature; its other files are its own. */

export { accessCodeSearchWhere } from './access-code-search';
export type { OperatorContext } from './operator-context';
export { requireOperatorFor } from './operator-context';
export { matchingPassIds } from './pass-search';
export { findConsoleProductRow } from './products';
export { consolePassRoutes } from './routes';
