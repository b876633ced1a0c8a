import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Grid, Stack, TextField } from '@mui/material';
import { LANGUAGES, ZUserUpdate, type Language, type TUserUpdate } from '@omnio/domain';
import type { z } from 'zod';
import { applyServerErrors } from '../../shared/ui/form';
import { NATIVE_SELECT, errorText, useFieldProps } from '../../shared/ui/form-helpers';

const FIELDS = ['name', 'email', 'language'] as const;

export interface ProfileValues {
  name: string;
  email: string;
  language: Language;
}

interface ProfileFormProps {
  initial: ProfileValues;
  onSubmit(values: TUserUpdate): Promise<unknown>;
}

export function ProfileForm({ initial, onSubmit }: ProfileFormProps) {
  const { t } = useTranslation('profile');
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<z.input<typeof ZUserUpdate>, unknown, TUserUpdate>({ resolver: zodResolver(ZUserUpdate), defaultValues: initial });
  const field = useFieldProps(form);

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await onSubmit(values);
      form.reset({ ...initial, ...values });
    } catch (error) {
      if (!applyServerErrors(error, FIELDS, form.setError)) {
        setBanner(`${t('errors.update')}: ${errorText(error)}`);
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      {banner && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {banner}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...field('name')} label={t('fields.name')} required autoComplete="name" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...field('email')} type="email" label={t('fields.email')} required autoComplete="email" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...field('language')} select label={t('fields.language')} slotProps={NATIVE_SELECT}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`languages.${language}`)}
              </option>
            ))}
          </TextField>
        </Grid>
      </Grid>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 3 }}>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
          {t('actions.save')}
        </Button>
      </Stack>
    </form>
  );
}
