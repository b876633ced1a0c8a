import { useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SUPPLIER_ADDRESS_KINDS, ZSupplierAddressCreate, ZSupplierContactCreate } from '@omnio/domain';
import { Checkbox, Dialog, DialogTitle, FormControlLabel, Grid, TextField, useMediaQuery, useTheme } from '@mui/material';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { NATIVE_SELECT, errorText, applyFieldErrors } from '../../shared/ui/form-helpers';
import type { AddressBody, ContactBody, SupplierAddress, SupplierContact } from './api';
import { useMessageText, useSupplierField } from './form-fields';

/** The address and contact dialogs of the supplier page: the shared request schemas check them as typed. */

function PartDialog({ open, title, onClose, children }: { open: boolean; title: string; onClose(): void; children: ReactNode }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="supplier-part-title">
      <DialogTitle id="supplier-part-title">{title}</DialogTitle>
      {open && children}
    </Dialog>
  );
}

/** Submit handling both dialogs share: server field errors under the inputs, anything else in a banner. */
function useSubmit<TIn extends FieldValues, TOut extends FieldValues>(
  form: UseFormReturn<TIn, unknown, TOut>,
  fields: readonly string[],
  failure: string,
  run: (values: TOut) => Promise<unknown>,
) {
  const messageText = useMessageText();
  const [banner, setBanner] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await run(values);
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, (key) => (fields.includes(key) ? key : null), form.setError);
      if (!matched || unmatched.length) setBanner(`${failure}: ${unmatched.length ? unmatched.map((m) => messageText(m) ?? m).join(' ') : errorText(error)}`);
    }
  });
  return { submit, banner };
}

/* ------------------------------------------------------------------ addresses */

type AddressInput = z.input<typeof ZSupplierAddressCreate>;
type AddressOutput = z.output<typeof ZSupplierAddressCreate>;
const ADDRESS_TEXT = ['first_name', 'last_name', 'company', 'address1', 'address2', 'city', 'state', 'zip', 'country', 'phone'] as const;

interface AddressFormDialogProps {
  open: boolean;
  address: SupplierAddress | null;
  onClose(): void;
  onSubmit(body: AddressBody): Promise<unknown>;
}

export function AddressFormDialog({ open, address, onClose, onSubmit }: AddressFormDialogProps) {
  const { t } = useTranslation('suppliers');
  return (
    <PartDialog open={open} title={t(address ? 'address.editTitle' : 'address.createTitle')} onClose={onClose}>
      <AddressFormBody key={address?.id ?? 'new'} address={address} onClose={onClose} onSubmit={onSubmit} />
    </PartDialog>
  );
}

function AddressFormBody({ address, onClose, onSubmit }: Omit<AddressFormDialogProps, 'open'>) {
  const { t } = useTranslation('suppliers');
  const form = useForm<AddressInput, unknown, AddressOutput>({
    resolver: zodResolver(ZSupplierAddressCreate),
    defaultValues: {
      kind: address?.kind ?? 'shipping',
      is_default: address?.is_default ?? false,
      ...Object.fromEntries(ADDRESS_TEXT.map((f) => [f, address?.[f] ?? ''])),
    },
  });
  const field = useSupplierField(form);
  const { submit, banner } = useSubmit(form, [...ADDRESS_TEXT, 'kind', 'is_default'], t('errors.saveAddress'), async (values) => {
    await onSubmit(values);
    onClose();
  });
  const text = (name: (typeof ADDRESS_TEXT)[number], label: string, sm = 6, hint?: string) => (
    <Grid size={{ xs: 12, sm }}>
      <TextField {...field(name as Path<AddressInput>, hint)} label={label} autoComplete="off" />
    </Grid>
  );
  return (
    <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('actions.save')} submitting={form.formState.isSubmitting} onCancel={onClose}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('kind')} select label={t('fields.kind')} slotProps={NATIVE_SELECT} autoFocus>
            {SUPPLIER_ADDRESS_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <Controller
            control={form.control}
            name="is_default"
            render={({ field: box }) => (
              <FormControlLabel
                control={<Checkbox checked={Boolean(box.value)} onChange={(e) => box.onChange(e.target.checked)} onBlur={box.onBlur} inputRef={box.ref} />}
                label={t('fields.isDefault')}
              />
            )}
          />
        </Grid>
        {text('company', t('fields.company'), 12)}
        {text('first_name', t('fields.firstName'))}
        {text('last_name', t('fields.lastName'))}
        {text('address1', t('fields.address1'), 12)}
        {text('address2', t('fields.address2'), 12)}
        {text('city', t('fields.city'))}
        {text('state', t('fields.state'))}
        {text('zip', t('fields.zip'))}
        {text('country', t('fields.country'), 6, t('fields.countryHelp'))}
        {text('phone', t('fields.phone'))}
      </Grid>
    </FormDialogBody>
  );
}

/* ------------------------------------------------------------------ contacts */

type ContactInput = z.input<typeof ZSupplierContactCreate>;
type ContactOutput = z.output<typeof ZSupplierContactCreate>;

interface ContactFormDialogProps {
  open: boolean;
  contact: SupplierContact | null;
  onClose(): void;
  onSubmit(body: ContactBody): Promise<unknown>;
}

export function ContactFormDialog({ open, contact, onClose, onSubmit }: ContactFormDialogProps) {
  const { t } = useTranslation('suppliers');
  return (
    <PartDialog open={open} title={t(contact ? 'contact.editTitle' : 'contact.createTitle')} onClose={onClose}>
      <ContactFormBody key={contact?.id ?? 'new'} contact={contact} onClose={onClose} onSubmit={onSubmit} />
    </PartDialog>
  );
}

function ContactFormBody({ contact, onClose, onSubmit }: Omit<ContactFormDialogProps, 'open'>) {
  const { t } = useTranslation('suppliers');
  const form = useForm<ContactInput, unknown, ContactOutput>({
    resolver: zodResolver(ZSupplierContactCreate),
    defaultValues: { name: contact?.name ?? '', email: contact?.email ?? '', phone: contact?.phone ?? '', role: contact?.role ?? '' },
  });
  const field = useSupplierField(form);
  const { submit, banner } = useSubmit(form, ['name', 'email', 'phone', 'role'], t('errors.saveContact'), async (values) => {
    await onSubmit(values);
    onClose();
  });
  return (
    <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('actions.save')} submitting={form.formState.isSubmitting} onCancel={onClose}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('name')} label={t('fields.name')} required autoFocus autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('role')} label={t('fields.role')} autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('email')} type="email" label={t('fields.email')} autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('phone')} type="tel" label={t('fields.phone')} autoComplete="off" />
        </Grid>
      </Grid>
    </FormDialogBody>
  );
}
