import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CUSTOMER_IDENTITY_MESSAGE, ZCountryCode, ZCustomerEmail, ZPhone, ZZip } from '@omnio/domain';
import { Dialog, DialogTitle, Grid, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { NATIVE_SELECT, errorText, applyFieldErrors } from '../../shared/ui/form-helpers';
import { customerName, type Customer, type CustomerBody, type Group } from './api';
import { useCustomerField, useMessageText } from './form-fields';

const text = (max: number) => z.string().max(max, `At most ${max} characters`);
const SHIP_FIELDS = ['address1', 'address2', 'city', 'state', 'zip', 'country'] as const;

/** The form's inputs, checked with the shared field rules; a blank input means "no value". */
const ZCustomerForm = z
  .object({
    first_name: text(100),
    last_name: text(100),
    email: ZCustomerEmail,
    phone: ZPhone,
    company: text(200),
    group_id: z.string(),
    notes: text(5000),
    ship: z.object({ address1: text(200), address2: text(200), city: text(100), state: text(100), zip: ZZip, country: ZCountryCode }),
  })
  .superRefine((v, ctx) => {
    if (!v.first_name.trim() && !v.last_name.trim() && !v.email && !v.company.trim()) {
      ctx.addIssue({ code: 'custom', path: ['first_name'], message: CUSTOMER_IDENTITY_MESSAGE });
    }
  });
type CustomerFormInput = z.input<typeof ZCustomerForm>;
type CustomerFormValues = z.output<typeof ZCustomerForm>;

const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** The body sent: blank texts are null; the shipping address only when something was typed in it. */
function toBody(v: CustomerFormValues, withShipping: boolean): CustomerBody {
  const body: CustomerBody = {
    first_name: blank(v.first_name), last_name: blank(v.last_name), email: v.email ?? null, phone: v.phone ?? null, company: blank(v.company),
    group_id: v.group_id || null, notes: blank(v.notes),
  };
  if (withShipping && SHIP_FIELDS.some((f) => blank(v.ship[f]))) {
    body.addresses = [{ kind: 'shipping', ...Object.fromEntries(SHIP_FIELDS.map((f) => [f, blank(v.ship[f])])) }];
  }
  return body;
}

/** Server keys → form inputs (addresses.0.zip is the shipping section's zip). */
function formFieldOf(key: string): string | null {
  const ship = /^addresses\.0\.(address1|address2|city|state|zip|country)$/.exec(key);
  if (ship) return `ship.${ship[1]}`;
  return ['first_name', 'last_name', 'email', 'phone', 'company', 'group_id', 'notes'].includes(key) ? key : null;
}

interface CustomerFormDialogProps {
  open: boolean;
  /** null: a new customer, whose form also takes a shipping address. */
  customer: Customer | null;
  groups: Group[];
  onClose(): void;
  onSubmit(body: CustomerBody): Promise<unknown>;
}

export function CustomerFormDialog({ open, customer, groups, onClose, onSubmit }: CustomerFormDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { t } = useTranslation('customers');
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="customer-form-title">
      <DialogTitle id="customer-form-title">{customer ? t('form.editTitle', { name: customerName(customer) }) : t('form.createTitle')}</DialogTitle>
      {open && <CustomerFormBody key={customer?.id ?? 'new'} customer={customer} groups={groups} onClose={onClose} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function CustomerFormBody({ customer, groups, onClose, onSubmit }: Omit<CustomerFormDialogProps, 'open'>) {
  const { t } = useTranslation('customers');
  const messageText = useMessageText();
  const [banner, setBanner] = useState<string | null>(null);
  const withShipping = customer === null;
  const form = useForm<CustomerFormInput, unknown, CustomerFormValues>({
    resolver: zodResolver(ZCustomerForm),
    defaultValues: {
      first_name: customer?.first_name ?? '', last_name: customer?.last_name ?? '', email: customer?.email ?? '', phone: customer?.phone ?? '',
      company: customer?.company ?? '', group_id: customer?.group_id ?? '', notes: customer?.notes ?? '',
      ship: { address1: '', address2: '', city: '', state: '', zip: '', country: '' },
    },
  });
  const field = useCustomerField(form);
  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await onSubmit(toBody(values, withShipping));
      onClose();
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, formFieldOf, form.setError);
      if (!matched || unmatched.length) {
        const detail = unmatched.length ? unmatched.map((m) => messageText(m) ?? m).join(' ') : errorText(error);
        setBanner(`${t('errors.saveCustomer')}: ${detail}`);
      }
    }
  });
  return (
    <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('actions.save')} submitting={form.formState.isSubmitting} onCancel={onClose}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('first_name')} label={t('fields.firstName')} autoFocus autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('last_name')} label={t('fields.lastName')} autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('email')} type="email" label={t('fields.email')} autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('phone')} type="tel" label={t('fields.phone')} autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('company')} label={t('fields.company')} autoComplete="off" />
        </Grid>
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
        <Grid size={12}>
          <TextField {...field('notes')} label={t('fields.notes')} multiline minRows={2} />
        </Grid>
        {withShipping && (
          <>
            <Grid size={12}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {t('form.shippingSection')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('form.shippingHint')}
              </Typography>
            </Grid>
            <Grid size={12}>
              <TextField {...field('ship.address1')} label={t('fields.address1')} autoComplete="off" />
            </Grid>
            <Grid size={12}>
              <TextField {...field('ship.address2')} label={t('fields.address2')} autoComplete="off" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('ship.city')} label={t('fields.city')} autoComplete="off" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('ship.state')} label={t('fields.state')} autoComplete="off" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('ship.zip')} label={t('fields.zip')} autoComplete="off" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('ship.country', t('fields.countryHelp'))} label={t('fields.country')} autoComplete="off" />
            </Grid>
          </>
        )}
      </Grid>
    </FormDialogBody>
  );
}
