import { useState } from 'react';
import { Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZSignup, type TSignup } from '@omnio/domain';
import { HttpError, publicPost } from '../../shared/api/http';
import { useValidationMessage } from '../../shared/i18n/validation-messages';
import { useSession } from '../../shared/session/useSession';
import { applyServerErrors, muiRegister } from '../../shared/ui/form';
import { AuthHeading } from './AuthHeading';
import { FormAlert } from './FormAlert';
import { NewPasswordFields } from './NewPasswordFields';
import { useLanding } from './useLanding';

const FIELDS = ['company_name', 'name', 'email', 'password', 'password_confirmation'] as const;

/** POST /api/signup creates the company and its first user, then signs that user in. */
export function SignupScreen() {
  const { t } = useTranslation();
  const translate = useValidationMessage();
  const { login } = useSession();
  const land = useLanding();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, watch, setError, formState } = useForm<TSignup>({
    resolver: zodResolver(ZSignup),
    defaultValues: { company_name: '', name: '', email: '', password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = formState;
  const field = (name: (typeof FIELDS)[number]) => ({
    ...muiRegister(register, name),
    label: t(`signup.${name === 'company_name' ? 'companyName' : name === 'password_confirmation' ? 'passwordConfirmation' : name}`),
    error: !!errors[name],
    helperText: translate(errors[name]?.message),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await publicPost('/api/signup', values);
      land(await login(values.email, values.password));
    } catch (error) {
      if (!applyServerErrors(error, FIELDS, setError)) {
        setFailure(error instanceof HttpError ? error.message : t('signup.failed'));
      }
    }
  });

  return (
    <>
      <AuthHeading title={t('signup.title')} subtitle={t('signup.subtitle')} />
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <Stack spacing={2.5}>
          <FormAlert message={failure} />
          <TextField {...field('company_name')} autoComplete="organization" required autoFocus />
          <TextField {...field('name')} autoComplete="name" required />
          <TextField {...field('email')} type="email" autoComplete="email" required />
          <NewPasswordFields password={field('password')} confirmation={field('password_confirmation')} value={watch('password')} />
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            {isSubmitting ? t('signup.submitting') : t('signup.submit')}
          </Button>
        </Stack>
      </Box>
      <Stack direction="row" spacing={1} justifyContent="center" sx={{ mt: 3 }}>
        <Typography variant="body2" color="text.secondary">
          {t('signup.haveAccount')}
        </Typography>
        <Link component={RouterLink} to="/session/login" variant="body2">
          {t('actions.signIn')}
        </Link>
      </Stack>
    </>
  );
}
