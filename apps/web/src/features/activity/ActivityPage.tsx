import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Placeholder until the feature lands. */
export function ActivityPage() {
  const { t } = useTranslation('activity');
  return <Typography>{t('title')}</Typography>;
}
