import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Placeholder until the feature lands. */
export function AccessTokensPanel() {
  const { t } = useTranslation('accessTokens');
  return <Typography>{t('title')}</Typography>;
}
