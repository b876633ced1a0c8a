import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

export function DeniedScreen() {
  const { t } = useTranslation();
  return (
    <ErrorPage
      code={t('errors.code403')}
      title={t('errors.deniedTitle')}
      body={t('errors.deniedBody')}
      icon={<LockOutlinedIcon sx={{ fontSize: 48 }} aria-hidden />}
    />
  );
}
