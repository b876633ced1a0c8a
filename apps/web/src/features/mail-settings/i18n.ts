import type { FeatureStrings } from '../../app/screen-map';

export const mailSettingsStrings: FeatureStrings = { en: {}, es: {} };
