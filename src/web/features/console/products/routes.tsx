import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';
import { paths } from '../../../app/page-paths';
import { needsAction } from '../nav-items';

/** The console's products pages (children of the console layout; paths under /dashboard). */
export const productsConsoleRoutes: RouteObject[] = [
  {
    path: paths.console.products.pattern,
    lazy: lazyPage(() => import('./products-page').then((module) => module.ProductsPage)),
  },
  {
    path: paths.console.newProduct.pattern,
    handle: needsAction('product.manage'),
    lazy: lazyPage(() => import('./product-editor-page').then((module) => module.ProductEditorPage)),
  },
  {
    path: paths.console.product.pattern,
    handle: needsAction('product.manage'),
    lazy: lazyPage(() => import('./product-editor-page').then((module) => module.ProductEditorPage)),
  },
  {
    path: paths.console.productCodes.pattern,
    lazy: lazyPage(() => import('./access-codes-page').then((module) => module.AccessCodesPage)),
  },
];
