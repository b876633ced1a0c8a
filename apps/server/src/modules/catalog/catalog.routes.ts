import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/http/context';
import { registerProductRoutes } from './products.routes';
import { registerProductCsvRoutes } from './products-csv.routes';
import { registerSkuRoutes } from './skus.routes';
import { registerSynsetRoutes } from './synsets.routes';
import { registerTaxonomyRoutes } from './taxonomy.routes';

/** Products, SKUs, packs, synsets, alternative SKUs, categories, brands, currencies, packages, products CSV. */
export function registerCatalogRoutes(scope: FastifyInstance, deps: AppDeps): void {
  registerProductRoutes(scope, deps);
  registerSkuRoutes(scope, deps);
  registerSynsetRoutes(scope, deps);
  registerTaxonomyRoutes(scope, deps);
  // Its own encapsulated scope: the multipart parser it registers stays there.
  void scope.register((csv) => registerProductCsvRoutes(csv, deps));
}
