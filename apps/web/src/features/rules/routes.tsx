import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const RulesPage = lazy(() => import('./RulesPage').then((m) => ({ default: m.RulesPage })));
const RuleEditorPage = lazy(() => import('./RuleEditorPage').then((m) => ({ default: m.RuleEditorPage })));
const RuleEditorFrame = lazy(() => import('./RuleEditorPage').then((m) => ({ default: m.RuleEditorFrame })));

/** Keyed by the route names of shared/routing/routes-table.ts; the iframe screens are the editor without the page chrome. */
export const rulesScreens: ScreenMap = {
  rules: RulesPage,
  'rule-new': RuleEditorPage,
  'rule-edit': RuleEditorPage,
  'iframe-new-rule': RuleEditorFrame,
  'iframe-edit-rule': RuleEditorFrame,
};
