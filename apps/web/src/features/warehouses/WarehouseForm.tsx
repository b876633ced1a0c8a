import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Alert, Autocomplete, Box, Button, Checkbox, FormControlLabel, Grid, Stack, TextField, Typography } from '@mui/material';
import { PasswordField } from '../../shared/ui/PasswordField';
import { NATIVE_SELECT, applyFieldErrors, errorText, useMessageField, useMessageTextWith } from '../../shared/ui/form-helpers';
import { useCompanyOptions, type CompanyRef, type Warehouse } from './api';
import { MESSAGES_ES } from './i18n';
import {
  DEFAULT_PORTS, DRIVERS, PROVIDERS, STATUSES, ZWarehouseForm, formFieldOf, timeZones, toFormValues, toWarehouseBody, type WarehouseFormValues,
} from './warehouse-form';

interface WarehouseFormProps {
  warehouse: Warehouse | null;
  submitLabel: string;
  /** Prefix of the banner when saving fails for a reason no field shows. */
  failure: string;
  onSubmit(body: Record<string, unknown>, values: WarehouseFormValues): Promise<unknown>;
  onCancel?: () => void;
}

function Section({ title, help }: { title: string; help?: string }) {
  return (
    <Grid size={12}>
      <Typography variant="subtitle2" component="h2" color="text.secondary" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {help && (
        <Typography variant="body2" color="text.secondary">
          {help}
        </Typography>
      )}
    </Grid>
  );
}

/** Create and edit of a warehouse: general data, address, the companies it serves and its connection. */
export function WarehouseForm({ warehouse, submitLabel, failure, onSubmit, onCancel }: WarehouseFormProps) {
  const { t } = useTranslation('warehouses');
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<WarehouseFormValues>({ resolver: zodResolver(ZWarehouseForm), defaultValues: toFormValues(warehouse) });
  const field = useMessageField(form, MESSAGES_ES);
  const message = useMessageTextWith(MESSAGES_ES);
  const zones = useMemo(timeZones, []);
  const companies = useCompanyOptions();
  const editing = Boolean(warehouse);
  const hasPassword = warehouse?.connection.has_password ?? false;
  const clearPassword = form.watch('connection.clear_password');
  const driver = form.watch('connection.driver');

  // Names of the companies already linked, before (or without) the options list.
  const known = useMemo(() => {
    const byId = new Map<string, CompanyRef>((warehouse?.companies ?? []).map((c) => [c.id, c]));
    for (const c of companies.data ?? []) byId.set(c.id, c);
    return byId;
  }, [warehouse, companies.data]);

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await onSubmit(toWarehouseBody(values, editing), values);
      form.reset({ ...values, connection: { ...values.connection, password: '', clear_password: false } });
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, formFieldOf, form.setError);
      if (!matched || unmatched.length) setBanner(`${failure}: ${unmatched.length ? unmatched.map((m) => message(m)).join(' ') : errorText(error)}`);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      {banner && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {banner}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Section title={t('form.general')} />
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...field('name')} label={t('fields.name')} required autoFocus={!editing} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...field('code', t('fields.codeHelp'))} label={t('fields.code')} required autoCapitalize="none" />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField {...field('provider')} select label={t('fields.provider')} slotProps={NATIVE_SELECT}>
            {PROVIDERS.map((p) => (
              <option key={p} value={p}>{t(`providers.${p}`)}</option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField {...field('status')} select label={t('fields.status')} slotProps={NATIVE_SELECT}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>{t(`statuses.${s}`)}</option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={form.control}
            name="time_zone"
            render={({ field: tz, fieldState }) => (
              <Autocomplete
                options={zones}
                value={tz.value}
                onChange={(_e, next) => tz.onChange(next ?? 'UTC')}
                disableClearable
                autoHighlight
                renderInput={(params) => (
                  <TextField {...params} inputRef={tz.ref} onBlur={tz.onBlur} label={t('fields.time_zone')} error={Boolean(fieldState.error)}
                    helperText={message(fieldState.error?.message)} />
                )}
              />
            )}
          />
        </Grid>
        <Grid size={12}>
          <Controller
            control={form.control}
            name="company_ids"
            render={({ field: ids, fieldState }) => (
              <Autocomplete
                multiple
                options={companies.data ?? []}
                loading={companies.isPending}
                value={ids.value.map((id) => known.get(id) ?? { id, name: id })}
                onChange={(_e, next) => ids.onChange(next.map((c) => c.id))}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                getOptionLabel={(c) => c.name}
                filterSelectedOptions
                renderInput={(params) => (
                  <TextField {...params} inputRef={ids.ref} label={t('form.companies')} error={Boolean(fieldState.error)}
                    helperText={message(fieldState.error?.message)} />
                )}
              />
            )}
          />
        </Grid>

        <Section title={t('form.address')} />
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...field('address1')} label={t('fields.address1')} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...field('address2')} label={t('fields.address2')} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField {...field('city')} label={t('fields.city')} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField {...field('region')} label={t('fields.region')} />
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <TextField {...field('postal_code')} label={t('fields.postal_code')} />
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <TextField {...field('country')} label={t('fields.country')} />
        </Grid>
        <Grid size={12}>
          <TextField {...field('notes')} label={t('fields.notes')} multiline minRows={2} />
        </Grid>

        <Section title={t('form.connection')} help={t('form.connectionHelp')} />
        <Grid size={{ xs: 12, md: 3 }}>
          <TextField
            {...field('connection.driver')}
            select
            label={t('fields.driver')}
            slotProps={NATIVE_SELECT}
            onChange={(e) => {
              const next = e.target.value;
              form.setValue('connection.driver', next as WarehouseFormValues['connection']['driver'], { shouldDirty: true });
              // A driver's usual port, unless the owner typed one.
              if (!form.getValues('connection.port') && DEFAULT_PORTS[next]) form.setValue('connection.port', DEFAULT_PORTS[next], { shouldDirty: true });
            }}
          >
            <option value="">{t('fields.noDriver')}</option>
            {DRIVERS.map((d) => (
              <option key={d} value={d}>{t(`drivers.${d}`)}</option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 8, md: 6 }}>
          <TextField {...field('connection.host')} label={t('fields.host')} autoCapitalize="none" autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 4, md: 3 }}>
          <TextField {...field('connection.port')} label={t('fields.port')} inputMode="numeric" placeholder={DEFAULT_PORTS[driver] ?? ''} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField {...field('connection.database')} label={t('fields.database')} autoCapitalize="none" autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField {...field('connection.username')} label={t('fields.username')} autoCapitalize="none" autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          {/* Write-only: the stored password is never sent to the browser; empty keeps it. */}
          <PasswordField
            {...field('connection.password', hasPassword ? t('fields.passwordStored') : editing ? t('fields.passwordNone') : undefined)}
            label={t('fields.password')}
            autoComplete="new-password"
            disabled={clearPassword}
          />
          {hasPassword && (
            <FormControlLabel
              control={
                <Controller
                  control={form.control}
                  name="connection.clear_password"
                  render={({ field: clear }) => (
                    <Checkbox inputRef={clear.ref} checked={clear.value} onChange={(e) => clear.onChange(e.target.checked)} onBlur={clear.onBlur} />
                  )}
                />
              }
              label={t('fields.clearPassword')}
            />
          )}
        </Grid>
        <Grid size={{ xs: 6, md: 4 }}>
          <TextField {...field('connection.charset')} label={t('fields.charset')} autoCapitalize="none" />
        </Grid>
        <Grid size={{ xs: 6, md: 4 }}>
          <TextField {...field('connection.collation')} label={t('fields.collation')} autoCapitalize="none" />
        </Grid>
      </Grid>
      <Box component={Stack} direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
        {onCancel && <Button onClick={onCancel}>{t('actions.cancel')}</Button>}
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting} disabled={editing && !form.formState.isDirty}>
          {submitLabel}
        </Button>
      </Box>
    </form>
  );
}
