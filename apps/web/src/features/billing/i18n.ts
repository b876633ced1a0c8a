import type { FeatureStrings } from '../../app/screen-map';

const en = {};
const es: typeof en = {};

export const billingStrings: FeatureStrings = { en, es };
