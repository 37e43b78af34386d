import type { RouteObject } from 'react-router';

/** The console's products pages (children of the console layout; paths under /dashboard). */
export const productsConsoleRoutes: RouteObject[] = [];
