import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/http/context';

export function registerServiceRoutes(_api: FastifyInstance, _deps: AppDeps): void {}
