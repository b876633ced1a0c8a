import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Placeholder until the feature lands. */
export function SchedulesPanel() {
  const { t } = useTranslation('schedules');
  return <Typography>{t('title')}</Typography>;
}
