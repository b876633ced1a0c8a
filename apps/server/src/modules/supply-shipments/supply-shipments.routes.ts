import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/http/context';

/** Pre-wired in app.ts; the supply-chain work fills it in (docs/api-supply-chain.md). */
export function registerSupplyShipmentRoutes(scope: FastifyInstance, deps: AppDeps): void {
  void scope;
  void deps;
}
