export * from './record-audit';
