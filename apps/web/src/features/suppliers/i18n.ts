import type { FeatureStrings } from '../../app/screen-map';

export const suppliersStrings: FeatureStrings = { en: {}, es: {} };
