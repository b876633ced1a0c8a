import type { FeatureStrings } from '../../app/screen-map';

const en = {
  title: 'Webhooks',
};

const es: typeof en = {
  title: 'Webhooks',
};

export const webhooksStrings: FeatureStrings = { en, es };
