import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const ProfilePage = lazy(() => import('./ProfilePage').then((m) => ({ default: m.ProfilePage })));

/** One screen behind the three role-specific profile routes. */
export const profileScreens: ScreenMap = {
  'tenant-user-profile': ProfilePage,
  'user-profile': ProfilePage,
  'supplier-user-profile': ProfilePage,
};
