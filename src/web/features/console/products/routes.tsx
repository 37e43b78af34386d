import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';

/** The console's products pages (children of the console layout; paths under /dashboard). */
export const productsConsoleRoutes: RouteObject[] = [
  {
    path: 'products',
    lazy: lazyPage(() => import('./products-page').then((module) => module.ProductsPage)),
  },
  {
    path: 'products/new',
    lazy: lazyPage(() => import('./product-editor-page').then((module) => module.ProductEditorPage)),
  },
  {
    path: 'products/:uuid',
    lazy: lazyPage(() => import('./product-editor-page').then((module) => module.ProductEditorPage)),
  },
  {
    path: 'products/:uuid/codes',
    lazy: lazyPage(() => import('./access-codes-page').then((module) => module.AccessCodesPage)),
  },
];
