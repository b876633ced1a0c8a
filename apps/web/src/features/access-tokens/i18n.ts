import type { FeatureStrings } from '../../app/screen-map';

const en = {
  title: 'Access tokens',
};

const es: typeof en = {
  title: 'Tokens de acceso',
};

export const accessTokensStrings: FeatureStrings = { en, es };
