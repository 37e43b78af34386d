import type { RouteObject } from 'react-router';

/** The console's notices pages (children of the console layout; paths under /dashboard). */
export const noticesConsoleRoutes: RouteObject[] = [];
