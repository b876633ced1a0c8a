import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/http/context';

export function registerTemplateRoutes(_api: FastifyInstance, _deps: AppDeps): void {}
