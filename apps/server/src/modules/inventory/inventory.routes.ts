import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/http/context';

/** Inventory rows per SKU x iloc, adjustments, movements, channel availability. */
export function registerInventoryRoutes(_scope: FastifyInstance, _deps: AppDeps): void {}
