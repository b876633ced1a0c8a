import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { Grid, TextField } from '@mui/material';
import { REQUIRED_ADDRESS_FIELDS } from '@omnio/domain';
import type { AddressField, OrderFormValues } from './order-form';
import { useOrderField } from './form-fields';

const LAYOUT: [AddressField, number, number][] = [
  ['first_name', 12, 6], ['last_name', 12, 6], ['company', 12, 12], ['address1', 12, 12], ['address2', 12, 12],
  ['city', 12, 4], ['state', 6, 4], ['zip', 6, 4], ['country', 12, 4], ['phone', 12, 4], ['email', 12, 4],
];

const AUTOCOMPLETE: Partial<Record<AddressField, string>> = {
  first_name: 'given-name', last_name: 'family-name', company: 'organization', address1: 'address-line1', address2: 'address-line2',
  city: 'address-level2', state: 'address-level1', zip: 'postal-code', country: 'country', phone: 'tel', email: 'email',
};

/** An address block; the spec 8 required fields (first name, address1, city, zip, country) are marked. */
export function AddressFields({ form, prefix }: { form: UseFormReturn<OrderFormValues>; prefix: 'shipping' | 'billing' }) {
  const { t } = useTranslation('orders');
  const field = useOrderField(form);
  const required = new Set<string>(prefix === 'shipping' ? REQUIRED_ADDRESS_FIELDS : []);
  return (
    <Grid container spacing={2}>
      {LAYOUT.map(([name, xs, md]) => (
        <Grid key={name} size={{ xs, md }}>
          <TextField
            {...field(`${prefix}.${name}`)}
            label={t(`address.${name}`)}
            required={required.has(name)}
            autoComplete={`section-${prefix} ${prefix} ${AUTOCOMPLETE[name] ?? 'on'}`}
            slotProps={{ htmlInput: name === 'email' ? { inputMode: 'email' } : name === 'phone' ? { inputMode: 'tel' } : {} }}
          />
        </Grid>
      ))}
    </Grid>
  );
}
