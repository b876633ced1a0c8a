import { useState } from 'react';
import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZPasswordReset, type TPasswordReset } from '@omnio/domain';
import { HttpError, publicPost } from '../../shared/api/http';
import { useValidationMessage } from '../../shared/i18n/validation-messages';
import { applyServerErrors, muiRegister } from '../../shared/ui/form';
import { AuthHeading } from './AuthHeading';
import { FormAlert } from './FormAlert';
import { NewPasswordFields } from './NewPasswordFields';

/** The reset mail's link: /session/reset-password/{token}?email=… */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const translate = useValidationMessage();
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const emailFromLink = useSearchParams()[0].get('email') ?? '';
  const [expired, setExpired] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, watch, setError, formState } = useForm<TPasswordReset>({
    resolver: zodResolver(ZPasswordReset),
    defaultValues: { email: emailFromLink, token, password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = formState;
  const field = (name: 'email' | 'password' | 'password_confirmation') => ({
    ...muiRegister(register, name),
    label: t(`reset.${name === 'password_confirmation' ? 'passwordConfirmation' : name}`),
    error: !!errors[name],
    helperText: translate(errors[name]?.message),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await publicPost('/api/password/reset', values);
      void navigate('/session/login', { replace: true, state: { notice: 'login.resetDone' } });
    } catch (error) {
      if (applyServerErrors(error, ['email', 'password', 'password_confirmation'], setError)) return;
      if (error instanceof HttpError && error.status === 422) setExpired(true);
      else setFailure(error instanceof HttpError ? error.message : t('reset.failed'));
    }
  });

  // A malformed token can never succeed: say so instead of showing a form that will fail.
  const showExpired = expired || !!errors.token;
  return (
    <>
      <AuthHeading title={t('reset.title')} subtitle={emailFromLink ? t('reset.subtitle', { email: emailFromLink }) : undefined} />
      {showExpired ? (
        <Stack spacing={2.5}>
          <Alert severity="error" role="alert">
            {t('reset.expired')}
          </Alert>
          <Button component={RouterLink} to="/session/forgot-password" variant="contained">
            {t('reset.requestNew')}
          </Button>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
          <Stack spacing={2.5}>
            <FormAlert message={failure} />
            <TextField
              {...field('email')}
              type="email"
              autoComplete="username"
              required
              slotProps={{ htmlInput: { readOnly: emailFromLink !== '' } }}
            />
            <NewPasswordFields password={field('password')} confirmation={field('password_confirmation')} value={watch('password')} />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              {isSubmitting ? t('reset.submitting') : t('reset.submit')}
            </Button>
          </Stack>
        </Box>
      )}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/session/login" variant="body2">
          {t('forgot.backToLogin')}
        </Link>
      </Box>
    </>
  );
}
