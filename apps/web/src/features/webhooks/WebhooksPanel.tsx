import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Placeholder until the feature lands. */
export function WebhooksPanel() {
  const { t } = useTranslation('webhooks');
  return <Typography>{t('title')}</Typography>;
}
