import type { FeatureStrings } from '../../app/screen-map';

const en = {};
const es: typeof en = {};

export const servicesStrings: FeatureStrings = { en, es };
