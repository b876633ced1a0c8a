import type { FeatureStrings } from '../../shared/routing/screen-map';

const en = {
  title: 'Advanced',
  subtitle: 'Connect other systems to your company: API access tokens, outgoing and inbound webhooks, schedules',
  tabs: { tokens: 'Access tokens', webhooks: 'Webhooks', inbound: 'Inbound webhooks', schedules: 'Schedules' },
};

const es: typeof en = {
  title: 'Avanzado',
  subtitle: 'Conecte otros sistemas con su empresa: tokens de acceso a la API, webhooks salientes y entrantes, programaciones',
  tabs: { tokens: 'Tokens de acceso', webhooks: 'Webhooks', inbound: 'Webhooks entrantes', schedules: 'Programaciones' },
};

export const advancedStrings: FeatureStrings = { en, es };
