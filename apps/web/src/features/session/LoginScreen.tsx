import { Alert, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/useSession';
import { useCustomLogin } from '../../shared/settings/custom-login';
import { AuthHeading } from './AuthHeading';
import { LoginForm } from './LoginForm';
import { useLanding } from './useLanding';

/** Notices other screens leave for the login page (sign-out reason, password changed). */
function useNotice(): { key: string; severity: 'info' | 'success' | 'warning' } | null {
  const state: unknown = useLocation().state;
  if (typeof state !== 'object' || state === null || !('notice' in state) || typeof state.notice !== 'string') return null;
  const key = state.notice;
  const severity = key === 'login.resetDone' ? 'success' : key === 'login.errors.noPermission' ? 'warning' : 'info';
  return { key, severity };
}

export function LoginScreen() {
  const { t } = useTranslation();
  const { login } = useSession();
  const land = useLanding();
  const notice = useNotice();
  const { search } = useLocation();
  // The owner's custom login (texts; AuthLayout applies logo and colours). Until it arrives, or if it
  // fails, the built-in texts show: the form never waits for it.
  const { data: look } = useCustomLogin();

  return (
    <>
      <AuthHeading title={look?.title || t('login.title')} subtitle={look?.welcome_text || t('login.subtitle')} />
      {notice && (
        <Alert severity={notice.severity} sx={{ mb: 2.5 }}>
          {t(notice.key)}
        </Alert>
      )}
      <LoginForm onLogin={async ({ username, password }) => land(await login(username, password))} />
      {(look?.show_signup_link ?? true) && (
        <Stack direction="row" spacing={1} justifyContent="center" sx={{ mt: 3 }}>
          <Typography variant="body2" color="text.secondary">
            {t('login.noAccount')}
          </Typography>
          <Link component={RouterLink} to={`/signup${search}`} variant="body2">
            {t('login.createAccount')}
          </Link>
        </Stack>
      )}
    </>
  );
}
