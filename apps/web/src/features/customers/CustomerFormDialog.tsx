import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CUSTOMER_IDENTITY_MESSAGE, ZCustomerEmail, ZPhone } from '@omnio/domain';
import { Grid, TextField } from '@mui/material';
import {
  BLANK_PARTY_ADDRESS, blank, EmailPhoneFields, maxText, GroupSelectField, NotesField, PartyAddressFields, PartyDialog, ZPartyFormAddress, firstAddressBody, partyFieldOf,
  usePartyField, usePartySubmit,
} from '../../shared/parties/PartyForm';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { customerName, type Customer, type CustomerBody, type Group } from './api';
import { CUSTOMER_PARTY } from './party';

/** The form's inputs, checked with the shared field rules; a blank input means "no value". */
const ZCustomerForm = z
  .object({
    first_name: maxText(100),
    last_name: maxText(100),
    email: ZCustomerEmail,
    phone: ZPhone,
    company: maxText(200),
    group_id: z.string(),
    notes: maxText(5000),
    address: ZPartyFormAddress,
  })
  .superRefine((v, ctx) => {
    if (!v.first_name.trim() && !v.last_name.trim() && !v.email && !v.company.trim()) {
      ctx.addIssue({ code: 'custom', path: ['first_name'], message: CUSTOMER_IDENTITY_MESSAGE });
    }
  });
type CustomerFormInput = z.input<typeof ZCustomerForm>;
type CustomerFormValues = z.output<typeof ZCustomerForm>;

/** The body sent: blank texts are null; the shipping address only when something was typed in it. */
function toBody(v: CustomerFormValues, withShipping: boolean): CustomerBody {
  const body: CustomerBody = {
    first_name: blank(v.first_name), last_name: blank(v.last_name), email: v.email ?? null, phone: v.phone ?? null, company: blank(v.company),
    group_id: v.group_id || null, notes: blank(v.notes),
  };
  const addresses = withShipping ? firstAddressBody(v.address) : undefined;
  if (addresses) body.addresses = addresses;
  return body;
}

const fieldOf = partyFieldOf(['first_name', 'last_name', 'email', 'phone', 'company', 'group_id', 'notes']);

interface CustomerFormDialogProps {
  open: boolean;
  /** null: a new customer, whose form also takes a shipping address. */
  customer: Customer | null;
  groups: Group[];
  onClose(): void;
  onSubmit(body: CustomerBody): Promise<unknown>;
}

export function CustomerFormDialog({ open, customer, groups, onClose, onSubmit }: CustomerFormDialogProps) {
  const { t } = useTranslation('customers');
  return (
    <PartyDialog open={open} titleId="customer-form-title" title={customer ? t('form.editTitle', { name: customerName(customer) }) : t('form.createTitle')} onClose={onClose}>
      <CustomerFormBody key={customer?.id ?? 'new'} customer={customer} groups={groups} onClose={onClose} onSubmit={onSubmit} />
    </PartyDialog>
  );
}

function CustomerFormBody({ customer, groups, onClose, onSubmit }: Omit<CustomerFormDialogProps, 'open'>) {
  const { t } = useTranslation('customers');
  const withShipping = customer === null;
  const form = useForm<CustomerFormInput, unknown, CustomerFormValues>({
    resolver: zodResolver(ZCustomerForm),
    defaultValues: {
      first_name: customer?.first_name ?? '', last_name: customer?.last_name ?? '', email: customer?.email ?? '', phone: customer?.phone ?? '',
      company: customer?.company ?? '', group_id: customer?.group_id ?? '', notes: customer?.notes ?? '', address: BLANK_PARTY_ADDRESS,
    },
  });
  const field = usePartyField(CUSTOMER_PARTY, form);
  const { submit, banner } = usePartySubmit(CUSTOMER_PARTY, form, fieldOf, t('errors.saveCustomer'), async (values) => {
    await onSubmit(toBody(values, withShipping));
    onClose();
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
        <EmailPhoneFields kind={CUSTOMER_PARTY} field={field} />
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('company')} label={t('fields.company')} autoComplete="off" />
        </Grid>
        <GroupSelectField kind={CUSTOMER_PARTY} field={field} groups={groups} />
        <NotesField kind={CUSTOMER_PARTY} field={field} />
        {withShipping && <PartyAddressFields kind={CUSTOMER_PARTY} field={field} title={t('form.shippingSection')} hint={t('form.shippingHint')} />}
      </Grid>
    </FormDialogBody>
  );
}
