import type { RouteObject } from 'react-router';

/** The console's audit pages (children of the console layout; paths under /dashboard). */
export const auditConsoleRoutes: RouteObject[] = [];
