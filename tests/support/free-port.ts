// One implementation for the tests and the scripts (scripts/node-lines.mjs runs without a TypeScript loader).
export { findFreePort } from '../../scripts/free-port.mjs';
