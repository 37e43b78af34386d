export * from './record-audit';
export { auditRoutes } from './routes';
