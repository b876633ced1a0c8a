import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import {
  Checkbox, Dialog, DialogTitle, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Stack, Switch, TextField, useMediaQuery, useTheme,
} from '@mui/material';
import { APP_SERVICE_GRANTS, isHttpUrl, type AppServiceGrant, type AppServiceView } from '@omnio/domain';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { applyFieldErrors, errorText, useMessageField, useMessageTextWith } from '../../shared/ui/form-helpers';
import { useSaveAppService } from './api';
import { servicesMessagesEs } from './i18n';

/** Redirect URIs are typed one per line; blank lines are ignored. */
export const redirectLines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

const ZForm = z.object({
  name: z.string().trim().min(1, { message: 'The name is required' }).max(100),
  description: z.string().trim().max(2000),
  redirect_uris: z
    .string()
    .refine((v) => redirectLines(v).every(isHttpUrl), { message: 'A redirect URI must be a valid http(s) URL' })
    .refine((v) => redirectLines(v).length <= 10, { message: 'At most 10 redirect URIs' }),
  confidential: z.boolean(),
  grants: z.array(z.enum(APP_SERVICE_GRANTS)).min(1, { message: 'Choose at least one grant' }),
});
type FormValues = z.infer<typeof ZForm>;
const FIELDS = ['name', 'description', 'redirect_uris', 'confidential', 'grants'];

/** Create (the page then shows the secret once) or edit an app service. */
export function AppServiceFormDialog({ app, onClose, onCreated }: {
  app: AppServiceView | null;
  onClose(): void;
  onCreated(created: AppServiceView): void;
}) {
  const { t } = useTranslation('services');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const save = useSaveAppService();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(ZForm),
    defaultValues: {
      name: app?.name ?? '', description: app?.description ?? '', redirect_uris: (app?.redirect_uris ?? []).join('\n'),
      confidential: app?.confidential ?? true, grants: app?.grants ?? ['password', 'refresh_token'],
    },
  });
  const field = useMessageField(form, servicesMessagesEs);
  const message = useMessageTextWith(servicesMessagesEs);

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    const body = { ...values, redirect_uris: redirectLines(values.redirect_uris) };
    try {
      const saved = await save.mutateAsync({ id: app?.id, body });
      if (app) onClose();
      else onCreated(saved);
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, (k) => FIELDS.find((f) => k === f || k.startsWith(`${f}.`)) ?? null, form.setError);
      if (!matched || unmatched.length) setBanner(`${t('apps.errors.save')}: ${unmatched.length ? unmatched.join(' ') : errorText(error)}`);
    }
  });
  const grantsError = message(form.formState.errors.grants?.message);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="app-service-form-title">
      <DialogTitle id="app-service-form-title">{app ? t('apps.editTitle') : t('apps.createTitle')}</DialogTitle>
      <FormDialogBody onSubmit={submit} banner={banner} submitLabel={app ? t('actions.save') : t('apps.createSubmit')} submitting={form.formState.isSubmitting} onCancel={onClose}>
        <Stack spacing={2}>
          <TextField {...field('name')} label={t('apps.fields.name')} required autoFocus />
          <TextField {...field('description')} label={t('apps.fields.description')} multiline minRows={2} />
          <TextField
            {...field('redirect_uris', t('apps.fields.redirectHint'))}
            label={t('apps.fields.redirect_uris')}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
          />
          <Controller
            control={form.control}
            name="confidential"
            render={({ field: f }) => (
              <FormControlLabel control={<Switch checked={f.value} onChange={(e) => f.onChange(e.target.checked)} />} label={t('apps.fields.confidential')} />
            )}
          />
          <Controller
            control={form.control}
            name="grants"
            render={({ field: f }) => (
              <FormControl component="fieldset" error={Boolean(grantsError)}>
                <FormLabel component="legend">{t('apps.fields.grants')}</FormLabel>
                <FormGroup row>
                  {APP_SERVICE_GRANTS.map((g) => (
                    <FormControlLabel
                      key={g}
                      label={t(`apps.grants.${g}`)}
                      control={
                        <Checkbox
                          checked={f.value.includes(g)}
                          onChange={(e) => f.onChange(e.target.checked ? [...f.value, g] : f.value.filter((x: AppServiceGrant) => x !== g))}
                        />
                      }
                    />
                  ))}
                </FormGroup>
                {grantsError && <FormHelperText>{grantsError}</FormHelperText>}
              </FormControl>
            )}
          />
        </Stack>
      </FormDialogBody>
    </Dialog>
  );
}
