import type { FeatureStrings } from '../../app/screen-map';

export const purchaseOrdersStrings: FeatureStrings = { en: {}, es: {} };
