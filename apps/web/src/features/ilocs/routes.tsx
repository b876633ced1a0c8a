import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const IlocsPage = lazy(() => import('./IlocsPage').then((m) => ({ default: m.IlocsPage })));

export const ilocsScreens: ScreenMap = {
  iLocs: IlocsPage,
};
