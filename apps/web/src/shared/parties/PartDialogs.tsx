import { Controller, useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ZCustomerContactCreate, type ZSupplierAddressCreate } from '@omnio/domain';
import { Checkbox, FormControlLabel, Grid, TextField } from '@mui/material';
import { FormDialogBody } from '../ui/FormDialogBody';
import { NATIVE_SELECT } from '../ui/form-helpers';
import type { PartyAddress, PartyAddressBody, PartyContact, PartyContactBody, PartyKind } from './party';
import { EmailPhoneFields, PartyDialog, usePartyField, usePartySubmit } from './PartyForm';

/** The address and contact dialogs of a party's page: the party's request schemas check them as typed. */

const onlyThese = (fields: readonly string[]) => (key: string) => (fields.includes(key) ? key : null);

/* ------------------------------------------------------------------ addresses */

type AddressInput = z.input<typeof ZSupplierAddressCreate>;
type AddressOutput = z.output<typeof ZSupplierAddressCreate>;
const ADDRESS_TEXT = ['first_name', 'last_name', 'company', 'address1', 'address2', 'city', 'state', 'zip', 'country', 'phone'] as const;

interface AddressFormDialogProps {
  kind: PartyKind;
  open: boolean;
  address: PartyAddress | null;
  onClose(): void;
  onSubmit(body: PartyAddressBody): Promise<unknown>;
}

export function AddressFormDialog({ kind, open, address, onClose, onSubmit }: AddressFormDialogProps) {
  const { t } = useTranslation(kind.ns);
  return (
    <PartyDialog open={open} titleId={kind.partTitleId} title={t(address ? 'address.editTitle' : 'address.createTitle')} onClose={onClose}>
      <AddressFormBody key={address?.id ?? 'new'} kind={kind} address={address} onClose={onClose} onSubmit={onSubmit} />
    </PartyDialog>
  );
}

function AddressFormBody({ kind, address, onClose, onSubmit }: Omit<AddressFormDialogProps, 'open'>) {
  const { t } = useTranslation(kind.ns);
  const form = useForm<AddressInput, unknown, AddressOutput>({
    resolver: zodResolver(kind.addressSchema),
    defaultValues: {
      kind: (address?.kind ?? 'shipping') as AddressInput['kind'],
      is_default: address?.is_default ?? false,
      ...Object.fromEntries(ADDRESS_TEXT.map((f) => [f, address?.[f] ?? ''])),
    },
  });
  const field = usePartyField(kind, form);
  const { submit, banner } = usePartySubmit(kind, form, onlyThese([...ADDRESS_TEXT, 'kind', 'is_default']), t('errors.saveAddress'), async (values) => {
    await onSubmit(values);
    onClose();
  });
  const text = (name: (typeof ADDRESS_TEXT)[number], label: string, sm = 6, hint?: string) => (
    <Grid size={{ xs: 12, sm }}>
      <TextField {...field(name as Path<AddressInput>, hint)} label={label} autoComplete="off" />
    </Grid>
  );
  const company = text('company', t('fields.company'), 12);
  return (
    <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('actions.save')} submitting={form.formState.isSubmitting} onCancel={onClose}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('kind')} select label={t('fields.kind')} slotProps={NATIVE_SELECT} autoFocus>
            {kind.addressKinds.map((k) => (
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
        {kind.companyFirst && company}
        {text('first_name', t('fields.firstName'))}
        {text('last_name', t('fields.lastName'))}
        {!kind.companyFirst && company}
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

type ContactInput = z.input<typeof ZCustomerContactCreate>;
type ContactOutput = z.output<typeof ZCustomerContactCreate>;

interface ContactFormDialogProps {
  kind: PartyKind;
  open: boolean;
  contact: PartyContact | null;
  onClose(): void;
  onSubmit(body: PartyContactBody): Promise<unknown>;
}

export function ContactFormDialog({ kind, open, contact, onClose, onSubmit }: ContactFormDialogProps) {
  const { t } = useTranslation(kind.ns);
  return (
    <PartyDialog open={open} titleId={kind.partTitleId} title={t(contact ? 'contact.editTitle' : 'contact.createTitle')} onClose={onClose}>
      <ContactFormBody key={contact?.id ?? 'new'} kind={kind} contact={contact} onClose={onClose} onSubmit={onSubmit} />
    </PartyDialog>
  );
}

function ContactFormBody({ kind, contact, onClose, onSubmit }: Omit<ContactFormDialogProps, 'open'>) {
  const { t } = useTranslation(kind.ns);
  // Both parties' contacts follow the same rules (ZSupplierContactCreate is this schema).
  const form = useForm<ContactInput, unknown, ContactOutput>({
    resolver: zodResolver(ZCustomerContactCreate),
    defaultValues: { name: contact?.name ?? '', email: contact?.email ?? '', phone: contact?.phone ?? '', role: contact?.role ?? '' },
  });
  const field = usePartyField(kind, form);
  const { submit, banner } = usePartySubmit(kind, form, onlyThese(['name', 'email', 'phone', 'role']), t('errors.saveContact'), async (values) => {
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
        <EmailPhoneFields kind={kind} field={field} />
      </Grid>
    </FormDialogBody>
  );
}
