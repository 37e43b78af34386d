import type { RouteObject } from 'react-router';

/** The console's operators pages (children of the console layout; paths under /dashboard). */
export const operatorsConsoleRoutes: RouteObject[] = [];
