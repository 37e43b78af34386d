import type { RouteObject } from 'react-router';
import { NotFoundPage } from './not-found-page';

export const notFoundRoutes: RouteObject[] = [{ path: '/404', element: <NotFoundPage /> }];
