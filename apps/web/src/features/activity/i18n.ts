import type { FeatureStrings } from '../../app/screen-map';

const en = {
  title: 'Activity',
};

const es: typeof en = {
  title: 'Actividad',
};

export const activityStrings: FeatureStrings = { en, es };
