import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Placeholder until the feature lands. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  return <Typography>{t('title')}</Typography>;
}
