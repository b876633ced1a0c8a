import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZCountryCode, ZCustomerEmail, ZPhone, ZZip } from '@omnio/domain';
import { Dialog, DialogTitle, Grid, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { NATIVE_SELECT, errorText, applyFieldErrors } from '../../shared/ui/form-helpers';
import type { Supplier, SupplierBody, SupplierGroup } from './api';
import { useMessageText, useSupplierField } from './form-fields';

const text = (max: number) => z.string().max(max, `At most ${max} characters`);
const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'state', 'zip', 'country'] as const;
const TEXT_FIELDS = ['name', 'email', 'phone', 'website', 'payment_terms', 'min_order', 'lead_time_days', 'currency', 'group_id', 'notes'] as const;

/** The form's inputs as typed; numbers stay text until sent so a blank input means "no value". */
const ZSupplierForm = z.object({
  name: z.string().trim().min(1, 'The name is required').max(200, 'The name may not be longer than 200 characters'),
  email: ZCustomerEmail,
  phone: ZPhone,
  website: text(300),
  payment_terms: text(200),
  min_order: z.string().trim().refine((v) => v === '' || /^\d{1,12}(\.\d{1,2})?$/.test(v), 'The minimum order must be a number ≥ 0 with at most 2 decimals and 12 digits before the point'),
  lead_time_days: z.string().trim().refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) <= 3650), 'The lead time must be whole days'),
  currency: z.string().trim().refine((v) => /^[A-Za-z]{3}$/.test(v), 'The currency must be a three-letter ISO code'),
  group_id: z.string(),
  notes: text(5000),
  address: z.object({ address1: text(200), address2: text(200), city: text(100), state: text(100), zip: ZZip, country: ZCountryCode }),
});
type FormInput = z.input<typeof ZSupplierForm>;
type FormValues = z.output<typeof ZSupplierForm>;

const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** The body sent: blank texts are null; the address only when something was typed in it. */
function toBody(v: FormValues, withAddress: boolean): SupplierBody {
  const body: SupplierBody = {
    name: v.name, email: v.email ?? null, phone: v.phone ?? null, website: blank(v.website), payment_terms: blank(v.payment_terms),
    min_order: blank(v.min_order), lead_time_days: v.lead_time_days.trim() ? Number(v.lead_time_days) : null, currency: v.currency.toUpperCase(),
    group_id: v.group_id || null, notes: blank(v.notes),
  };
  if (withAddress && ADDRESS_FIELDS.some((f) => blank(v.address[f]))) {
    body.addresses = [{ kind: 'shipping', ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, blank(v.address[f])])) }];
  }
  return body;
}

/** Server keys → form inputs (addresses.0.zip is the address section's zip). */
function formFieldOf(key: string): string | null {
  const address = /^addresses\.0\.(address1|address2|city|state|zip|country)$/.exec(key);
  if (address) return `address.${address[1]}`;
  return (TEXT_FIELDS as readonly string[]).includes(key) ? key : null;
}

interface SupplierFormDialogProps {
  open: boolean;
  /** null: a new supplier, whose form also takes an address. */
  supplier: Supplier | null;
  /** Supplier groups; undefined when the user may not read groups (the select is left out). */
  groups: SupplierGroup[] | undefined;
  onClose(): void;
  onSubmit(body: SupplierBody): Promise<unknown>;
}

export function SupplierFormDialog({ open, supplier, groups, onClose, onSubmit }: SupplierFormDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { t } = useTranslation('suppliers');
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="supplier-form-title">
      <DialogTitle id="supplier-form-title">{supplier ? t('form.editTitle', { name: supplier.name }) : t('form.createTitle')}</DialogTitle>
      {open && <SupplierFormBody key={supplier?.id ?? 'new'} supplier={supplier} groups={groups} onClose={onClose} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function SupplierFormBody({ supplier, groups, onClose, onSubmit }: Omit<SupplierFormDialogProps, 'open'>) {
  const { t } = useTranslation('suppliers');
  const messageText = useMessageText();
  const [banner, setBanner] = useState<string | null>(null);
  const withAddress = supplier === null;
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(ZSupplierForm),
    defaultValues: {
      name: supplier?.name ?? '', email: supplier?.email ?? '', phone: supplier?.phone ?? '', website: supplier?.website ?? '',
      payment_terms: supplier?.payment_terms ?? '', min_order: supplier?.min_order ?? '',
      lead_time_days: supplier?.lead_time_days === null || supplier?.lead_time_days === undefined ? '' : String(supplier.lead_time_days),
      currency: supplier?.currency ?? 'USD', group_id: supplier?.group?.id ?? '', notes: supplier?.notes ?? '',
      address: { address1: '', address2: '', city: '', state: '', zip: '', country: '' },
    },
  });
  const field = useSupplierField(form);
  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await onSubmit(toBody(values, withAddress));
      onClose();
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, formFieldOf, form.setError);
      if (!matched || unmatched.length) {
        const detail = unmatched.length ? unmatched.map((m) => messageText(m) ?? m).join(' ') : errorText(error);
        setBanner(`${t('errors.saveSupplier')}: ${detail}`);
      }
    }
  });
  return (
    <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('actions.save')} submitting={form.formState.isSubmitting} onCancel={onClose}>
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField {...field('name')} label={t('fields.name')} required autoFocus autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('email')} type="email" label={t('fields.email')} autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('phone')} type="tel" label={t('fields.phone')} autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('website')} label={t('fields.website')} autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('payment_terms')} label={t('fields.paymentTerms')} autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <TextField {...field('min_order')} label={t('fields.minOrder')} inputMode="decimal" autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <TextField {...field('lead_time_days')} label={t('fields.leadTime')} inputMode="numeric" autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...field('currency', t('fields.currencyHelp'))} label={t('fields.currency')} autoComplete="off" />
        </Grid>
        {groups && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...field('group_id')} select label={t('fields.group')} slotProps={NATIVE_SELECT}>
              <option value="">{t('list.noGroup')}</option>
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </TextField>
          </Grid>
        )}
        <Grid size={12}>
          <TextField {...field('notes')} label={t('fields.notes')} multiline minRows={2} />
        </Grid>
        {withAddress && (
          <>
            <Grid size={12}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {t('form.addressSection')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('form.addressHint')}
              </Typography>
            </Grid>
            <Grid size={12}>
              <TextField {...field('address.address1')} label={t('fields.address1')} autoComplete="off" />
            </Grid>
            <Grid size={12}>
              <TextField {...field('address.address2')} label={t('fields.address2')} autoComplete="off" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('address.city')} label={t('fields.city')} autoComplete="off" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('address.state')} label={t('fields.state')} autoComplete="off" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('address.zip')} label={t('fields.zip')} autoComplete="off" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('address.country', t('fields.countryHelp'))} label={t('fields.country')} autoComplete="off" />
            </Grid>
          </>
        )}
      </Grid>
    </FormDialogBody>
  );
}
