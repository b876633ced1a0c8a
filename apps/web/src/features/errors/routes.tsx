import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const NotFoundScreen = lazy(() => import('./NotFoundScreen').then((m) => ({ default: m.NotFoundScreen })));
const DeniedScreen = lazy(() => import('./DeniedScreen').then((m) => ({ default: m.DeniedScreen })));

export const errorScreens: ScreenMap = {
  'page-404': NotFoundScreen,
  denied: DeniedScreen,
};
