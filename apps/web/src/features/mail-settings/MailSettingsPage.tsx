import { useRef, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import { MAIL_ENCRYPTIONS } from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { NATIVE_SELECT, errorText, applyFieldErrors } from '../../shared/ui/form-helpers';
import { PasswordField } from '../../shared/ui/PasswordField';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { usePoErrorText, usePoField } from '../../shared/forms/po-form-fields';
import { useDeleteMailConfiguration, useMailConfiguration, useSaveMailConfiguration, type MailConfiguration } from './api';
import { DEFAULT_PORTS, ZMailForm, mailBodyProblems, mailFieldOf, toMailBody, toMailValues, type MailFormValues } from './mail-form';
import { MailTestPanel } from './MailTestPanel';

/** /settings/mail: the company's own outgoing mail server (spec 3); purchase orders go out through it. */
export function MailSettingsPage() {
  const { t } = useTranslation('mailSettings');
  const config = useMailConfiguration();
  return (
    <Box sx={{ maxWidth: 900, minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        {t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('subtitle')}
      </Typography>
      {config.isPending ? (
        <LoadingState />
      ) : config.isError ? (
        <ErrorState message={`${t('errors.load')}: ${config.error.message}`} onRetry={() => void config.refetch()} />
      ) : (
        <Stack spacing={3}>
          {config.data === null && <Alert severity="info">{t('notConfigured')}</Alert>}
          <MailForm key={config.data ? 'saved' : 'new'} config={config.data} />
          {config.data && <MailTestPanel config={config.data} />}
        </Stack>
      )}
    </Box>
  );
}

function MailForm({ config }: { config: MailConfiguration | null }) {
  const { t } = useTranslation('mailSettings');
  const session = useSession();
  const toast = useToast();
  const errorOf = usePoErrorText('mailSettings');
  const save = useSaveMailConfiguration();
  const remove = useDeleteMailConfiguration();
  const [deleting, setDeleting] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const form = useForm<MailFormValues>({ resolver: zodResolver(ZMailForm), defaultValues: toMailValues(config) });
  const field = usePoField(form, 'mailSettings');
  const canEdit = session.can('update-company');

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    const body = toMailBody(values);
    const problems = mailBodyProblems(body);
    if (problems.length) {
      problems.forEach(([key, message]) => {
        const name = mailFieldOf(key);
        if (name) form.setError(name as FieldPath<MailFormValues>, { type: 'schema', message });
      });
      return;
    }
    try {
      const saved = await save.mutateAsync(body);
      // The typed password is gone from the form once stored; the hint then says one is kept.
      form.reset(toMailValues(saved));
      toast.success(t('saved'));
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, mailFieldOf, form.setError);
      if (!matched || unmatched.length) {
        setBanner(`${t('errors.save')}: ${unmatched.length ? unmatched.map((m) => errorOf(m) ?? m).join(' ') : errorText(error)}`);
        window.setTimeout(() => bannerRef.current?.focus(), 0);
      }
    }
  });

  const passwordHint = config?.has_password ? t('passwordStored') : t('passwordHint');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="mail-form-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" id="mail-form-title" sx={{ mb: 2 }}>
        {t('server')}
      </Typography>
      <form onSubmit={submit} noValidate aria-label={t('formLabel')}>
        <fieldset disabled={!canEdit} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          {banner && (
            <Alert severity="error" ref={bannerRef} tabIndex={-1} sx={{ mb: 2 }}>
              {banner}
            </Alert>
          )}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField {...field('from_email')} type="email" required label={t('fields.from_email')} autoComplete="off" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField {...field('from_name')} label={t('fields.from_name')} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField {...field('outgoing_server')} label={t('fields.outgoing_server')} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField {...field('incoming_server')} label={t('fields.incoming_server')} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField {...field('host')} required label={t('fields.host')} slotProps={{ htmlInput: { spellCheck: false } }} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              {/* Controlled: a registered native select would submit its first option instead of the default. */}
              <Controller
                control={form.control}
                name="encryption"
                render={({ field: f }) => (
                  <TextField
                    {...f}
                    inputRef={f.ref}
                    onChange={(e) => {
                      const next = e.target.value as (typeof MAIL_ENCRYPTIONS)[number];
                      f.onChange(next);
                      // Switch the port with the encryption while it still holds one of the usual defaults.
                      if (Object.values(DEFAULT_PORTS).includes(form.getValues('port'))) form.setValue('port', DEFAULT_PORTS[next]);
                    }}
                    select
                    fullWidth
                    label={t('fields.encryption')}
                    slotProps={NATIVE_SELECT}
                  >
                    {MAIL_ENCRYPTIONS.map((e) => (
                      <option key={e} value={e}>
                        {t(`encryptions.${e}`)}
                      </option>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <TextField {...field('port')} required label={t('fields.port')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField {...field('username')} label={t('fields.username')} autoComplete="off" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <PasswordField {...field('password', passwordHint)} label={t('fields.password')} autoComplete="new-password" />
            </Grid>
          </Grid>
          {canEdit && (
            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
              {config && (
                <Button color="error" onClick={() => setDeleting(true)}>
                  {t('delete')}
                </Button>
              )}
              <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
                {t('save')}
              </Button>
            </Stack>
          )}
        </fieldset>
      </form>
      <ConfirmDialog
        open={deleting}
        title={t('deleteTitle')}
        message={t('deleteMessage')}
        confirmLabel={t('delete')}
        destructive
        errorPrefix={t('errors.delete')}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          await remove.mutateAsync(undefined);
          toast.success(t('deleted'));
        }}
      />
    </Paper>
  );
}
