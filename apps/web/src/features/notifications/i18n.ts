import type { FeatureStrings } from '../../app/screen-map';

const en = {
  title: 'Notifications',
};

const es: typeof en = {
  title: 'Notificaciones',
};

export const notificationsStrings: FeatureStrings = { en, es };
