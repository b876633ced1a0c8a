import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const MappingsPage = lazy(() => import('./MappingsPage').then((m) => ({ default: m.MappingsPage })));
const MapperEditorPage = lazy(() => import('./MapperEditorPage').then((m) => ({ default: m.MapperEditorPage })));

/** Keyed by the route names of shared/routing/routes-table.ts. */
export const mappersScreens: ScreenMap = {
  mappings: MappingsPage,
  'mapping-new': MapperEditorPage,
  'mapping-edit': MapperEditorPage,
};
