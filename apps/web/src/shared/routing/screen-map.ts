import type { ComponentType, LazyExoticComponent } from 'react';

/** Screens a feature contributes, keyed by route name (see shared/routing/routes-table.ts). */
export type ScreenMap = Record<string, LazyExoticComponent<ComponentType>>;

/** A feature's strings: one i18next namespace per feature, English and Spanish. */
export interface FeatureStrings {
  en: Record<string, unknown>;
  es: Record<string, unknown>;
}
