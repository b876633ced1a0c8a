import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/http/context';

export function registerWarehouseRoutes(_api: FastifyInstance, _deps: AppDeps): void {}
