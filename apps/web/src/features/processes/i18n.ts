import type { FeatureStrings } from '../../app/screen-map';

const en = {
  title: 'Inbound webhooks',
};

const es: typeof en = {
  title: 'Webhooks entrantes',
};

export const processesStrings: FeatureStrings = { en, es };
