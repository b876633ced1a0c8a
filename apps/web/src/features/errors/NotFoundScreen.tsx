import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <ErrorPage
      code={t('errors.code404')}
      title={t('errors.notFoundTitle')}
      body={t('errors.notFoundBody')}
      icon={<TravelExploreIcon sx={{ fontSize: 48 }} aria-hidden />}
    />
  );
}
