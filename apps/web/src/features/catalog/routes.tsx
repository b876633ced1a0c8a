import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const ProductCreatePage = lazy(() => import('./ProductEditorPage').then((m) => ({ default: m.ProductCreatePage })));
const ProductEditPage = lazy(() => import('./ProductEditorPage').then((m) => ({ default: m.ProductEditPage })));
const SkusPage = lazy(() => import('./SkusPage').then((m) => ({ default: m.SkusPage })));
const SynsetsPage = lazy(() => import('./SynsetsPage').then((m) => ({ default: m.SynsetsPage })));
const CategoriesPage = lazy(() => import('./CategoriesPage').then((m) => ({ default: m.CategoriesPage })));
const PackagingPage = lazy(() => import('./PackagingPage').then((m) => ({ default: m.PackagingPage })));

/**
 * Keyed by the route names of shared/routing/routes-table.ts (`products` is the /skus list). `product-show`
 * embeds the media feature's images, so app/composed puts that screen together.
 */
export const catalogScreens: ScreenMap = {
  'product-create': ProductCreatePage,
  'product-edit': ProductEditPage,
  products: SkusPage,
  synset: SynsetsPage,
  categories: CategoriesPage,
  packaging: PackagingPage,
};
