import { useState } from 'react';
import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZLoginForm, type TLoginForm } from '@omnio/domain';
import { useValidationMessage } from '../../shared/i18n/validation-messages';
import { muiRegister } from '../../shared/ui/form';
import { PasswordField } from '../../shared/ui/PasswordField';
import { loginFailure, type LoginFailure } from './login-errors';

interface LoginFormProps {
  onLogin(values: TLoginForm): Promise<void>;
  defaultUsername?: string;
}

/** Email and password form; a failed sign-in shows spec 5's message for the OAuth error code. */
export function LoginForm({ onLogin, defaultUsername = '' }: LoginFormProps) {
  const { t } = useTranslation();
  const translate = useValidationMessage();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const { register, handleSubmit, formState } = useForm<TLoginForm>({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { username: defaultUsername, password: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onLogin(values);
    } catch (error) {
      setFailure(loginFailure(error));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Stack spacing={2.5}>
        {failure && (
          <Alert severity="error" role="alert">
            {'key' in failure ? t(failure.key) : failure.text}
          </Alert>
        )}
        <TextField
          {...muiRegister(register, 'username')}
          label={t('login.email')}
          type="email"
          autoComplete="username"
          autoFocus
          required
          error={!!errors.username}
          helperText={translate(errors.username?.message)}
        />
        <PasswordField
          {...muiRegister(register, 'password')}
          label={t('login.password')}
          autoComplete="current-password"
          required
          error={!!errors.password}
          helperText={translate(errors.password?.message)}
        />
        <Box sx={{ textAlign: 'end', mt: -1.5 }}>
          <Link component={RouterLink} to="/session/forgot-password" variant="body2">
            {t('login.forgot')}
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {isSubmitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
