import { useState } from 'react';
import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZPasswordEmail } from '@omnio/domain';
import { HttpError, publicPost } from '../../shared/api/http';
import { useValidationMessage } from '../../shared/i18n/validation-messages';
import { muiRegister } from '../../shared/ui/form';
import { AuthHeading } from './AuthHeading';
import { FormAlert } from './FormAlert';

/** POST /api/password/email. The answer is the same whether or not the address exists. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const translate = useValidationMessage();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ email: string }>({
    resolver: zodResolver(ZPasswordEmail),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await publicPost('/api/password/email', { email });
      setSentTo(email);
    } catch (error) {
      setFailure(error instanceof HttpError ? error.message : t('forgot.failed'));
    }
  });

  return (
    <>
      <AuthHeading title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
      {sentTo ? (
        <Alert severity="success" role="status">
          {t('forgot.sent', { email: sentTo })}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
          <Stack spacing={2.5}>
            <FormAlert message={failure} />
            <TextField
              {...muiRegister(register, 'email')}
              label={t('forgot.email')}
              type="email"
              autoComplete="email"
              autoFocus
              required
              error={!!errors.email}
              helperText={translate(errors.email?.message)}
            />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              {isSubmitting ? t('forgot.submitting') : t('forgot.submit')}
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
