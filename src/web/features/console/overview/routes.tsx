import type { RouteObject } from 'react-router';

/** The console's overview pages (children of the console layout; paths under /dashboard). */
export const overviewConsoleRoutes: RouteObject[] = [];
