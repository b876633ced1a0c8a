import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogTitle, Grid, TextField, useMediaQuery, useTheme } from '@mui/material';
import { LANGUAGES, ROLES, ZUserCreate, type TUserCreate } from '@omnio/domain';
import type { z } from 'zod';
import { PasswordField } from '../../shared/ui/PasswordField';
import { PasswordRules } from '../../shared/ui/PasswordRules';
import { applyServerErrors } from '../../shared/ui/form';
import { NATIVE_SELECT, errorText, useFieldProps } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useCreateUser, type CompanyRef } from './api';
import { CompanyPicker } from './CompanyPicker';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';

type UserCreateInput = z.input<typeof ZUserCreate>;
const FIELDS = ['name', 'email', 'password', 'language', 'role', 'company_id'] as const;
/** A supplier user needs a supplier to act for: created from the suppliers screen once it exists. */
const CREATABLE_ROLES = ROLES.filter((r) => r !== 'supplier');

export function UserCreateDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('users');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="user-create-title">
      <DialogTitle id="user-create-title">{t('create.title')}</DialogTitle>
      {open && <UserCreateForm onClose={onClose} />}
    </Dialog>
  );
}

function UserCreateForm({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('users');
  const toast = useToast();
  const create = useCreateUser();
  const [banner, setBanner] = useState<string | null>(null);
  // The picker shows a name; the form keeps only the id the API wants.
  const [company, setCompany] = useState<CompanyRef | null>(null);
  const form = useForm<UserCreateInput, unknown, TUserCreate>({
    resolver: zodResolver(ZUserCreate),
    defaultValues: { name: '', email: '', password: '', language: 'en', role: 'tenant', company_id: null },
  });
  const field = useFieldProps(form);
  const role = form.watch('role');
  const password = form.watch('password');

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await create.mutateAsync(values.role === 'owner' ? { ...values, company_id: null } : values);
      toast.success(t('notices.created', { name: values.name }));
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, FIELDS, form.setError)) setBanner(`${t('errors.create')}: ${errorText(error)}`);
    }
  });

  return (
    <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('actions.create')} submitting={form.formState.isSubmitting} onCancel={onClose}>
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField {...field('name')} label={t('fields.name')} required autoFocus autoComplete="off" />
        </Grid>
        <Grid size={12}>
          <TextField {...field('email')} type="email" label={t('fields.email')} required autoComplete="off" />
        </Grid>
        <Grid size={12}>
          <PasswordField {...field('password')} label={t('fields.password')} required autoComplete="new-password" />
          <PasswordRules value={password} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('role')} select label={t('fields.role')} slotProps={NATIVE_SELECT}>
            {CREATABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roleNames.${r}`)}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('language')} select label={t('fields.language')} slotProps={NATIVE_SELECT}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`languages.${l}`)}
              </option>
            ))}
          </TextField>
        </Grid>
        {role !== 'owner' && (
          <Grid size={12}>
            <Controller
              control={form.control}
              name="company_id"
              render={({ fieldState }) => (
                <CompanyPicker
                  value={company}
                  error={fieldState.error?.message}
                  onChange={(picked) => {
                    setCompany(picked);
                    form.setValue('company_id', picked?.id ?? null, { shouldValidate: form.formState.isSubmitted });
                  }}
                />
              )}
            />
          </Grid>
        )}
      </Grid>
    </FormDialogBody>
  );
}
