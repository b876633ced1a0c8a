import { lazy } from 'react';
import type { ScreenMap } from '../../app/screen-map';

const ProductCreatePage = lazy(() => import('./ProductEditorPage').then((m) => ({ default: m.ProductCreatePage })));
const ProductEditPage = lazy(() => import('./ProductEditorPage').then((m) => ({ default: m.ProductEditPage })));
const ProductShowPage = lazy(() => import('./ProductShowPage').then((m) => ({ default: m.ProductShowPage })));
const SkusPage = lazy(() => import('./SkusPage').then((m) => ({ default: m.SkusPage })));
const SynsetsPage = lazy(() => import('./SynsetsPage').then((m) => ({ default: m.SynsetsPage })));
const CategoriesPage = lazy(() => import('./CategoriesPage').then((m) => ({ default: m.CategoriesPage })));
const PackagingPage = lazy(() => import('./PackagingPage').then((m) => ({ default: m.PackagingPage })));

/** Keyed by the route names of app/routes-table.ts (`products` is the /skus list). */
export const catalogScreens: ScreenMap = {
  'product-create': ProductCreatePage,
  'product-edit': ProductEditPage,
  'product-show': ProductShowPage,
  products: SkusPage,
  synset: SynsetsPage,
  categories: CategoriesPage,
  packaging: PackagingPage,
};
