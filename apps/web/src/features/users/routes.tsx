import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const UsersListPage = lazy(() => import('./UsersListPage').then((m) => ({ default: m.UsersListPage })));
const TenantUsersPage = lazy(() => import('./TenantUsersPage').then((m) => ({ default: m.TenantUsersPage })));

export const usersScreens: ScreenMap = {
  'users-list': UsersListPage,
  tenant_users: TenantUsersPage,
  users: TenantUsersPage,
};
