import type { FeatureStrings } from '../../app/screen-map';

export const supplyStrings: FeatureStrings = { en: {}, es: {} };
