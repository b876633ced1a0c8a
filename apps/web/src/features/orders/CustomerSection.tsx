import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Alert, Autocomplete, Box, Button, Chip, Grid, Stack, TextField, Typography } from '@mui/material';
import { errorText } from '../../shared/ui/form-helpers';
import { useDebounced } from '../../shared/ui/useDebounced';
import { fetchCustomer, useCustomerOptions, type CustomerAddress, type CustomerOption } from './api';
import { personName } from '../../shared/format/format';
import { addressValues, type OrderFormValues } from './order-form';
import { useOrderField } from './form-fields';

function pickAddress(addresses: CustomerAddress[] | undefined, kind: 'shipping' | 'billing'): CustomerAddress | undefined {
  const list = addresses ?? [];
  const ofKind = list.filter((a) => !a.kind || a.kind === kind);
  return ofKind.find((a) => a.is_default) ?? ofKind[0] ?? (kind === 'shipping' ? list[0] : undefined);
}

const optionLabel = (c: CustomerOption) => personName(c) || c.email || c.company || c.id;

/** Customer search (GET /customers): choosing one fills the name, e-mail and addresses; or type a new customer. */
export function CustomerSection({ form, onFilled }: { form: UseFormReturn<OrderFormValues>; onFilled(): void }) {
  const { t } = useTranslation('orders');
  const field = useOrderField(form);
  const [input, setInput] = useState('');
  const text = useDebounced(input.trim(), 250);
  const options = useCustomerOptions(text.length >= 2 ? text : '');
  const customerId = useWatch({ control: form.control, name: 'customer_id' });
  const customer = useWatch({ control: form.control, name: 'customer' });
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [filled, setFilled] = useState(0);

  const choose = async (chosen: CustomerOption | null) => {
    setProblem(null);
    if (!chosen) return;
    setLoading(true);
    try {
      const detail = await fetchCustomer(chosen.id).catch(() => chosen);
      const opts = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
      form.setValue('customer_id', detail.id, opts);
      form.setValue('customer', {
        first_name: detail.first_name ?? '', last_name: detail.last_name ?? '', email: detail.email ?? '', phone: detail.phone ?? '',
        company: detail.company ?? '',
      }, opts);
      const addresses = 'addresses' in detail ? detail.addresses : undefined;
      const shipping = pickAddress(addresses, 'shipping');
      if (shipping) {
        form.setValue('shipping', addressValues({ first_name: detail.first_name, last_name: detail.last_name, email: detail.email, ...stripMeta(shipping) }), opts);
      }
      const billing = pickAddress(addresses, 'billing');
      if (billing && billing !== shipping) {
        form.setValue('billing_same', false, opts);
        form.setValue('billing', addressValues(stripMeta(billing)), opts);
      }
      setInput('');
      setFilled((n) => n + 1);
      onFilled();
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setLoading(false);
    }
  };

  const clear = () => form.setValue('customer_id', null, { shouldDirty: true });

  return (
    <Stack spacing={2}>
      {customerId ? (
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="body2">{t('form.existingCustomer')}</Typography>
          <Chip color="primary" variant="outlined" label={personName(customer) || customer.email || customerId} />
          <Button size="small" onClick={clear}>
            {t('form.newCustomerInstead')}
          </Button>
        </Stack>
      ) : (
        <Autocomplete<CustomerOption>
          options={options.data ?? []}
          filterOptions={(o) => o}
          getOptionLabel={optionLabel}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          value={null}
          inputValue={input}
          onInputChange={(_e, next, reason) => {
            if (reason !== 'reset') setInput(next);
          }}
          onChange={(_e, chosen) => void choose(chosen)}
          loading={options.isFetching || loading}
          loadingText={t('form.searching')}
          noOptionsText={text.length >= 2 ? t('form.noCustomers') : t('form.typeToSearch')}
          renderOption={({ key, ...props }, option) => (
            <Box component="li" key={key} {...props}>
              <Stack>
                <Typography variant="body2">{optionLabel(option)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {[option.email, option.company].filter(Boolean).join(' · ')}
                  {option.complete === false ? ` · ${t('form.customerIncomplete')}` : ''}
                </Typography>
              </Stack>
            </Box>
          )}
          renderInput={(params) => <TextField {...params} label={t('form.customerSearch')} helperText={t('form.customerSearchHint')} />}
        />
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
      <Grid container spacing={2} key={filled}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...field('customer.first_name')} label={t('address.first_name')} autoComplete="given-name" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...field('customer.last_name')} label={t('address.last_name')} autoComplete="family-name" />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField {...field('customer.email')} label={t('address.email')} autoComplete="email" slotProps={{ htmlInput: { inputMode: 'email' } }} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField {...field('customer.phone')} label={t('address.phone')} autoComplete="tel" />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField {...field('customer.company')} label={t('address.company')} autoComplete="organization" />
        </Grid>
      </Grid>
    </Stack>
  );
}

function stripMeta(a: CustomerAddress) {
  const { id: _id, kind: _kind, is_default: _isDefault, ...rest } = a;
  return rest;
}
