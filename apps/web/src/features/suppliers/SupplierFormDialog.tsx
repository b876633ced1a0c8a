import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZCustomerEmail, ZPhone } from '@omnio/domain';
import { Grid, TextField } from '@mui/material';
import {
  BLANK_PARTY_ADDRESS, blank, EmailPhoneFields, maxText, GroupSelectField, NotesField, PartyAddressFields, PartyDialog, ZPartyFormAddress, firstAddressBody, partyFieldOf,
  usePartyField, usePartySubmit,
} from '../../shared/parties/PartyForm';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import type { Supplier, SupplierBody, SupplierGroup } from './api';
import { SUPPLIER_PARTY } from './party';

const TEXT_FIELDS = ['name', 'email', 'phone', 'website', 'payment_terms', 'min_order', 'lead_time_days', 'currency', 'group_id', 'notes'] as const;

/** The form's inputs as typed; numbers stay text until sent so a blank input means "no value". */
const ZSupplierForm = z.object({
  name: z.string().trim().min(1, 'The name is required').max(200, 'The name may not be longer than 200 characters'),
  email: ZCustomerEmail,
  phone: ZPhone,
  website: maxText(300),
  payment_terms: maxText(200),
  min_order: z.string().trim().refine((v) => v === '' || /^\d{1,12}(\.\d{1,2})?$/.test(v), 'The minimum order must be a number ≥ 0 with at most 2 decimals and 12 digits before the point'),
  lead_time_days: z.string().trim().refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) <= 3650), 'The lead time must be whole days'),
  currency: z.string().trim().refine((v) => /^[A-Za-z]{3}$/.test(v), 'The currency must be a three-letter ISO code'),
  group_id: z.string(),
  notes: maxText(5000),
  address: ZPartyFormAddress,
});
type FormInput = z.input<typeof ZSupplierForm>;
type FormValues = z.output<typeof ZSupplierForm>;

/** The body sent: blank texts are null; the address only when something was typed in it. */
function toBody(v: FormValues, withAddress: boolean): SupplierBody {
  const body: SupplierBody = {
    name: v.name, email: v.email ?? null, phone: v.phone ?? null, website: blank(v.website), payment_terms: blank(v.payment_terms),
    min_order: blank(v.min_order), lead_time_days: v.lead_time_days.trim() ? Number(v.lead_time_days) : null, currency: v.currency.toUpperCase(),
    group_id: v.group_id || null, notes: blank(v.notes),
  };
  const addresses = withAddress ? firstAddressBody(v.address) : undefined;
  if (addresses) body.addresses = addresses;
  return body;
}

const fieldOf = partyFieldOf(TEXT_FIELDS);

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
  const { t } = useTranslation('suppliers');
  return (
    <PartyDialog open={open} titleId="supplier-form-title" title={supplier ? t('form.editTitle', { name: supplier.name }) : t('form.createTitle')} onClose={onClose}>
      <SupplierFormBody key={supplier?.id ?? 'new'} supplier={supplier} groups={groups} onClose={onClose} onSubmit={onSubmit} />
    </PartyDialog>
  );
}

function SupplierFormBody({ supplier, groups, onClose, onSubmit }: Omit<SupplierFormDialogProps, 'open'>) {
  const { t } = useTranslation('suppliers');
  const withAddress = supplier === null;
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(ZSupplierForm),
    defaultValues: {
      name: supplier?.name ?? '', email: supplier?.email ?? '', phone: supplier?.phone ?? '', website: supplier?.website ?? '',
      payment_terms: supplier?.payment_terms ?? '', min_order: supplier?.min_order ?? '',
      lead_time_days: supplier?.lead_time_days === null || supplier?.lead_time_days === undefined ? '' : String(supplier.lead_time_days),
      currency: supplier?.currency ?? 'USD', group_id: supplier?.group?.id ?? '', notes: supplier?.notes ?? '', address: BLANK_PARTY_ADDRESS,
    },
  });
  const field = usePartyField(SUPPLIER_PARTY, form);
  const { submit, banner } = usePartySubmit(SUPPLIER_PARTY, form, fieldOf, t('errors.saveSupplier'), async (values) => {
    await onSubmit(toBody(values, withAddress));
    onClose();
  });
  return (
    <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('actions.save')} submitting={form.formState.isSubmitting} onCancel={onClose}>
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField {...field('name')} label={t('fields.name')} required autoFocus autoComplete="off" />
        </Grid>
        <EmailPhoneFields kind={SUPPLIER_PARTY} field={field} />
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
        {groups && <GroupSelectField kind={SUPPLIER_PARTY} field={field} groups={groups} />}
        <NotesField kind={SUPPLIER_PARTY} field={field} />
        {withAddress && <PartyAddressFields kind={SUPPLIER_PARTY} field={field} title={t('form.addressSection')} hint={t('form.addressHint')} />}
      </Grid>
    </FormDialogBody>
  );
}
