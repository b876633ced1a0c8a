import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Grid, Stack, TextField, Typography } from '@mui/material';
import { ZCompanyCreate, type TCompanyCreate } from '@omnio/domain';
import type { z } from 'zod';
import { applyServerErrors } from '../../shared/ui/form';
import { blankToNull, errorText, useFieldProps } from '../../shared/ui/form-helpers';
import type { Company } from './api';

type CompanyInput = z.input<typeof ZCompanyCreate>;
type Field = keyof CompanyInput;

const FIELDS = [
  'name', 'subdomain', 'order_prefix', 'contact_name', 'email', 'phone', 'address1', 'city', 'region', 'postal_code', 'country',
] as const satisfies readonly Field[];

function toInput(company: Company | null): CompanyInput {
  return {
    name: company?.name ?? '',
    subdomain: company?.subdomain ?? null,
    order_prefix: company?.order_prefix ?? null,
    contact_name: company?.contact_name ?? null,
    email: company?.email ?? null,
    phone: company?.phone ?? null,
    address1: company?.address1 ?? null,
    city: company?.city ?? null,
    region: company?.region ?? null,
    postal_code: company?.postal_code ?? null,
    country: company?.country ?? null,
  };
}

/** The prefix new orders get: the one typed when it is valid, else the server's default, the name's first two letters. */
function prefixShown(typed: string | null | undefined, name: string | undefined): string {
  const value = (typed ?? '').trim().toUpperCase();
  if (/^[A-Z]{2}-$/.test(value)) return value;
  const letters = (name ?? '').normalize('NFD').replace(/[^A-Za-z]/g, '').toUpperCase();
  return letters.length >= 2 ? `${letters.slice(0, 2)}-` : 'OR-';
}

interface CompanyFormProps {
  company: Company | null;
  submitLabel: string;
  /** Prefix of the banner when saving fails for a reason no field shows. */
  failure: string;
  onSubmit(values: TCompanyCreate): Promise<unknown>;
  onCancel?: () => void;
  /** Shown but not editable (the user lacks update-company). */
  readOnly?: boolean;
  /** The owner sets a company's subdomain; the company's own users set its order prefix. */
  audience?: 'owner' | 'tenant';
}

export function CompanyForm({ company, submitLabel, failure, onSubmit, onCancel, readOnly = false, audience = 'owner' }: CompanyFormProps) {
  const { t } = useTranslation('companies');
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<CompanyInput, unknown, TCompanyCreate>({
    resolver: zodResolver(ZCompanyCreate),
    defaultValues: toInput(company),
  });
  const field = useFieldProps(form);
  // Blank optional fields become null; the name stays '' so its own rule reports it.
  const text = (name: Exclude<Field, 'name'>, hint?: string) => field(name, { setValueAs: blankToNull }, hint);

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await onSubmit(values);
      form.reset(values);
    } catch (error) {
      if (!applyServerErrors(error, FIELDS, form.setError)) {
        setBanner(`${failure}: ${errorText(error)}`);
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
      <Box component="fieldset" disabled={readOnly} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 7 }}>
            <TextField {...field('name')} label={t('fields.name')} required />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            {audience === 'owner' ? (
              <TextField {...text('subdomain', t('fields.subdomainHelp'))} label={t('fields.subdomain')} autoCapitalize="none" />
            ) : (
              <TextField
                {...text('order_prefix', t('fields.orderPrefixHelp', { example: `${prefixShown(form.watch('order_prefix'), company?.name)}1001` }))}
                label={t('fields.order_prefix')}
                autoCapitalize="characters"
                slotProps={{ htmlInput: { maxLength: 3 } }}
              />
            )}
          </Grid>
          <Grid size={12}>
            <Typography variant="subtitle2" component="h3" color="text.secondary">
              {t('form.contact')}
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField {...text('contact_name')} label={t('fields.contact_name')} autoComplete="off" />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField {...text('email')} type="email" label={t('fields.email')} autoComplete="off" />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField {...text('phone')} type="tel" label={t('fields.phone')} autoComplete="off" />
          </Grid>
          <Grid size={12}>
            <Typography variant="subtitle2" component="h3" color="text.secondary">
              {t('form.address')}
            </Typography>
          </Grid>
          <Grid size={12}>
            <TextField {...text('address1')} label={t('fields.address1')} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField {...text('city')} label={t('fields.city')} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField {...text('region')} label={t('fields.region')} />
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <TextField {...text('postal_code')} label={t('fields.postal_code')} />
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <TextField {...text('country')} label={t('fields.country')} slotProps={{ htmlInput: { maxLength: 2 } }} />
          </Grid>
        </Grid>
      </Box>
      {!readOnly && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
          {onCancel && <Button onClick={onCancel}>{t('actions.cancel')}</Button>}
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting} disabled={Boolean(company) && !form.formState.isDirty}>
            {submitLabel}
          </Button>
        </Stack>
      )}
    </form>
  );
}
