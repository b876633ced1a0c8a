import type { FeatureStrings } from '../../app/screen-map';

const en = {};
const es: typeof en = {};

export const warehousesStrings: FeatureStrings = { en, es };
