import type { RouteObject } from 'react-router';

/** The console's passes pages (children of the console layout; paths under /dashboard). */
export const passesConsoleRoutes: RouteObject[] = [];
