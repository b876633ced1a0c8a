import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Placeholder until the feature lands. */
export function ProcessesPanel() {
  const { t } = useTranslation('processes');
  return <Typography>{t('title')}</Typography>;
}
