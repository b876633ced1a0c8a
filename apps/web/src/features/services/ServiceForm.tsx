import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Grid, Stack, TextField } from '@mui/material';
import { isHttpUrl, SERVICE_CATEGORIES, SERVICE_KEY_RE, type ServiceView, type TServiceCreate } from '@omnio/domain';
import { applyFieldErrors, errorText, NATIVE_SELECT, useMessageField } from '../../shared/ui/form-helpers';
import { servicesMessagesEs } from './i18n';

/** The form's own view of a service: the logo is a text box where empty means "no logo". */
const ZForm = z.object({
  key: z.string().trim().regex(SERVICE_KEY_RE, { message: 'Use lower-case letters, digits, - and _ (at most 64)' }),
  name: z.string().trim().min(1, { message: 'The name is required' }).max(100),
  category: z.enum(SERVICE_CATEGORIES, { message: 'Choose a category' }),
  description: z.string().trim().max(2000),
  logo_url: z.string().trim().max(2000).refine((v) => v === '' || isHttpUrl(v), { message: 'The logo URL must be a valid http(s) URL' }),
});
type FormValues = z.infer<typeof ZForm>;
const FIELDS = ['key', 'name', 'category', 'description', 'logo_url'] as const;

export type ServiceBody = Omit<TServiceCreate, 'status'>;

/** Create (key editable) or edit (key fixed: processes are installed by it) a catalogue entry. */
export function ServiceForm({ service, submitLabel, failure, onSubmit, onCancel }: {
  service: ServiceView | null;
  submitLabel: string;
  failure: string;
  onSubmit(body: ServiceBody): Promise<unknown>;
  onCancel(): void;
}) {
  const { t } = useTranslation('services');
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(ZForm),
    defaultValues: {
      key: service?.key ?? '', name: service?.name ?? '', category: service?.category ?? 'sales_channel',
      description: service?.description ?? '', logo_url: service?.logo_url ?? '',
    },
  });
  const field = useMessageField(form, servicesMessagesEs);

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await onSubmit({ ...values, logo_url: values.logo_url === '' ? null : values.logo_url });
      form.reset(values);
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, (k) => ((FIELDS as readonly string[]).includes(k) ? k : null), form.setError);
      if (!matched || unmatched.length) setBanner(`${failure}: ${unmatched.length ? unmatched.join(' ') : errorText(error)}`);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      {banner && <Alert severity="error" sx={{ mb: 2 }}>{banner}</Alert>}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...field('name')} label={t('services.fields.name')} required autoFocus />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            {...field('key', t('services.fields.keyHint'))}
            label={t('services.fields.key')}
            required
            disabled={Boolean(service)}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', style: { fontFamily: 'monospace' } } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...field('category')} select label={t('services.fields.category')} required slotProps={NATIVE_SELECT}>
            {SERVICE_CATEGORIES.map((c) => <option key={c} value={c}>{t(`categories.${c}`)}</option>)}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...field('logo_url', t('services.fields.logoHint'))} type="url" label={t('services.fields.logo_url')} slotProps={{ htmlInput: { inputMode: 'url' } }} />
        </Grid>
        <Grid size={12}>
          <TextField {...field('description')} label={t('services.fields.description')} multiline minRows={3} />
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
        <Button onClick={onCancel}>{t('actions.cancel')}</Button>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting} disabled={Boolean(service) && !form.formState.isDirty}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
