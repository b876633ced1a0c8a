import { useState } from 'react';
import { Avatar, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/useSession';
import { muiRegister } from '../../shared/ui/form';
import { PasswordField } from '../../shared/ui/PasswordField';
import { FormAlert } from './FormAlert';
import { loginFailure } from './login-errors';
import { useLanding } from './useLanding';

/** Re-authenticates the stored user with the password grant; without a stored user it is the login page. */
export function LockScreen() {
  const { t } = useTranslation();
  const { user, login, logout } = useSession();
  const land = useLanding();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ password: string }>({ defaultValues: { password: '' } });

  if (!user) return <Navigate to="/session/login" replace />;

  const submit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      land(await login(user.email, password));
    } catch (error) {
      const result = loginFailure(error);
      setFailure('key' in result ? t(result.key) : result.text);
    }
  });

  return (
    <Stack spacing={3} alignItems="center" sx={{ textAlign: 'center' }}>
      <Avatar sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 28 }}>{user.name.slice(0, 1).toUpperCase()}</Avatar>
      <Box>
        <Typography variant="h5" component="h1">
          {user.name}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('lock.subtitle', { name: user.name })}
        </Typography>
      </Box>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ width: '100%' }}>
        <Stack spacing={2.5}>
          <FormAlert message={failure} />
          <PasswordField {...muiRegister(register, 'password')} label={t('lock.password')} autoComplete="current-password" autoFocus required />
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
            {t('lock.submit')}
          </Button>
        </Stack>
      </Box>
      <Link component="button" type="button" variant="body2" onClick={() => void logout()}>
        {t('lock.notYou')}
      </Link>
    </Stack>
  );
}
