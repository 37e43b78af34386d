import type { RouteObject } from 'react-router';

/** The console's reports pages (children of the console layout; paths under /dashboard). */
export const reportsConsoleRoutes: RouteObject[] = [];
