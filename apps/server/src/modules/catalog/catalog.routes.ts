import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/http/context';

/** Products, SKUs, packs, synsets, alternative SKUs, categories, brands, currencies, packages. */
export function registerCatalogRoutes(_scope: FastifyInstance, _deps: AppDeps): void {}
