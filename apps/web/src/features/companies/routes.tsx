import { lazy } from 'react';
import type { ScreenMap } from '../../app/screen-map';

const CompaniesListPage = lazy(() => import('./CompaniesListPage').then((m) => ({ default: m.CompaniesListPage })));
const CompanyCreatePage = lazy(() => import('./CompanyCreatePage').then((m) => ({ default: m.CompanyCreatePage })));
const CompanyConfPage = lazy(() => import('./CompanyConfPage').then((m) => ({ default: m.CompanyConfPage })));

export const companiesScreens: ScreenMap = {
  'list-companies': CompaniesListPage,
  'company-create': CompanyCreatePage,
  'company-conf': CompanyConfPage,
};
