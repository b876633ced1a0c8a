import type { FeatureStrings } from '../../app/screen-map';

const en = {
  title: 'Schedules',
};

const es: typeof en = {
  title: 'Programaciones',
};

export const schedulesStrings: FeatureStrings = { en, es };
