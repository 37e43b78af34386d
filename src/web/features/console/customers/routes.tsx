import type { RouteObject } from 'react-router';

/** The console's customers pages (children of the console layout; paths under /dashboard). */
export const customersConsoleRoutes: RouteObject[] = [];
