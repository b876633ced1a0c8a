import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const ForecastingPage = lazy(() => import('./ForecastingPage').then((m) => ({ default: m.ForecastingPage })));

/** Keyed by the route names of shared/routing/routes-table.ts. */
export const forecastingScreens: ScreenMap = {
  'forecasting-create': ForecastingPage,
};
