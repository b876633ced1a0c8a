import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const ServicesListPage = lazy(() => import('./ServicesListPage').then((m) => ({ default: m.ServicesListPage })));
const ServiceCreatePage = lazy(() => import('./ServicePages').then((m) => ({ default: m.ServiceCreatePage })));
const ServiceEditPage = lazy(() => import('./ServicePages').then((m) => ({ default: m.ServiceEditPage })));
const AppServicesPage = lazy(() => import('./AppServicesPage').then((m) => ({ default: m.AppServicesPage })));
const MapperTemplatesPage = lazy(() => import('./TemplatePages').then((m) => ({ default: m.MapperTemplatesPage })));
const RuleTemplatesPage = lazy(() => import('./TemplatePages').then((m) => ({ default: m.RuleTemplatesPage })));

/** Keyed by the route names of shared/routing/routes-table.ts. */
export const servicesScreens: ScreenMap = {
  'service-list': ServicesListPage,
  'service-create': ServiceCreatePage,
  'service-edit': ServiceEditPage,
  'app-services': AppServicesPage,
  'mapper-templates': MapperTemplatesPage,
  'rules-templates': RuleTemplatesPage,
};
