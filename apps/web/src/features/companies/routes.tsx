import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const CompaniesListPage = lazy(() => import('./CompaniesListPage').then((m) => ({ default: m.CompaniesListPage })));
const CompanyCreatePage = lazy(() => import('./CompanyCreatePage').then((m) => ({ default: m.CompanyCreatePage })));
const SettingsHubPage = lazy(() => import('./SettingsHubPage').then((m) => ({ default: m.SettingsHubPage })));
const TenantCompanyPage = lazy(() => import('./TenantCompanyPage').then((m) => ({ default: m.TenantCompanyPage })));

/** `company-conf` embeds the users feature's invitation dialog, so app/composed puts that screen together. */
export const companiesScreens: ScreenMap = {
  'list-companies': CompaniesListPage,
  'company-create': CompanyCreatePage,
  'tenant-company': TenantCompanyPage,
  settings: SettingsHubPage,
};
