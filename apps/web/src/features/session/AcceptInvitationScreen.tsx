import { useState } from 'react';
import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZAcceptInvitation, type InvitationViewDto, type TAcceptInvitation } from '@omnio/domain';
import { HttpError, isHttpError, publicGet, publicPost } from '../../shared/api/http';
import { useValidationMessage } from '../../shared/i18n/validation-messages';
import { useSession } from '../../shared/session/useSession';
import { applyServerErrors, muiRegister } from '../../shared/ui/form';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { AuthHeading } from './AuthHeading';
import { FormAlert } from './FormAlert';
import { NewPasswordFields } from './NewPasswordFields';
import { useLanding } from './useLanding';

type Invitation = InvitationViewDto;

function InvitationForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const { t } = useTranslation();
  const translate = useValidationMessage();
  const { login } = useSession();
  const land = useLanding();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, watch, setError, formState } = useForm<TAcceptInvitation>({
    resolver: zodResolver(ZAcceptInvitation),
    defaultValues: { token, name: invitation.name ?? '', password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = formState;
  const field = (name: 'name' | 'password' | 'password_confirmation') => ({
    ...muiRegister(register, name),
    label: t(`invitation.${name === 'password_confirmation' ? 'passwordConfirmation' : name}`),
    error: !!errors[name],
    helperText: translate(errors[name]?.message),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await publicPost('/api/invitations/accept', values);
      land(await login(invitation.email, values.password));
    } catch (error) {
      if (!applyServerErrors(error, ['name', 'password', 'password_confirmation'], setError)) {
        setFailure(error instanceof HttpError ? error.message : t('invitation.failed'));
      }
    }
  });

  const roleName = t(`roles.${invitation.role}`, { defaultValue: invitation.role });
  return (
    <>
      <AuthHeading title={t('invitation.title')} subtitle={t('invitation.subtitle', { company: invitation.company.name, role: roleName })} />
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <Stack spacing={2.5}>
          <FormAlert message={failure} />
          <TextField label={t('invitation.email')} value={invitation.email} slotProps={{ htmlInput: { readOnly: true } }} />
          <TextField {...field('name')} autoComplete="name" required autoFocus />
          <NewPasswordFields password={field('password')} confirmation={field('password_confirmation')} value={watch('password')} />
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            {isSubmitting ? t('invitation.submitting') : t('invitation.submit', { company: invitation.company.name })}
          </Button>
        </Stack>
      </Box>
    </>
  );
}

/** /validate?token=…: shows the invitation, then creates the account and signs it in. */
export function AcceptInvitationScreen() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const query = useQuery({
    queryKey: ['invitation', token],
    enabled: token !== '',
    queryFn: () => publicGet<{ data: Invitation }>(`/api/invitations/${encodeURIComponent(token)}`),
  });

  if (!token) return <Alert severity="warning">{t('invitation.missingToken')}</Alert>;
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    const expired = isHttpError(query.error, 422) || isHttpError(query.error, 404);
    return (
      <Stack spacing={2}>
        <AuthHeading title={t('invitation.title')} />
        {expired ? (
          <Alert severity="error">{t('invitation.invalid')}</Alert>
        ) : (
          <ErrorState message={t('status.loadFailed', { item: t('items.invitation') })} onRetry={() => void query.refetch()} />
        )}
        <Link component={RouterLink} to="/session/login">
          {t('forgot.backToLogin')}
        </Link>
      </Stack>
    );
  }
  return <InvitationForm token={token} invitation={query.data.data} />;
}
