import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogTitle, FormControlLabel, InputAdornment, Stack, Switch, TextField, useMediaQuery, useTheme } from '@mui/material';
import { centsToDollars, type TBillingPriceInput } from '@omnio/domain';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { applyFieldErrors, errorText, useMessageField } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useSavePrice, type BillingPrice, type BillingProduct } from './api';
import { dollarsToCents } from './format';
import { billingMessagesEs } from './i18n';

const ZPriceForm = z.object({
  amount: z.string().refine((v) => dollarsToCents(v) !== null, 'Enter an amount in dollars, like 49 or 49.99'),
  nickname: z.string().trim().max(120, 'The nickname may have at most 120 characters'),
  currency: z.string().trim().regex(/^[A-Za-z]{3}$/, 'The currency is a three-letter code, like usd'),
  active: z.boolean(),
});
type PriceForm = z.infer<typeof ZPriceForm>;

/** The body of PUT /billing/price: the dollars typed become integer cents by parsing the text, never a float. */
export function toPriceInput(values: PriceForm, productId: string, price: BillingPrice | null): TBillingPriceInput {
  return {
    ...(price ? { id: price.id } : {}),
    product_id: productId,
    active: values.active,
    data: { unit_amount: dollarsToCents(values.amount) ?? 0, nickname: values.nickname.trim(), currency: values.currency.trim().toLowerCase() },
  };
}

const SERVER_FIELDS: Record<string, keyof PriceForm> = {
  'data.unit_amount': 'amount', unit_amount: 'amount', 'data.nickname': 'nickname', 'data.currency': 'currency',
};

/** Add or edit one price of a product (owner, /admin/billing). */
export function PriceFormDialog({ product, price, onClose }: { product: BillingProduct; price: BillingPrice | null; onClose(): void }) {
  const { t } = useTranslation('billing');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const toast = useToast();
  const save = useSavePrice();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<PriceForm>({
    resolver: zodResolver(ZPriceForm),
    defaultValues: {
      amount: price ? centsToDollars(price.data.unit_amount) : '',
      nickname: price?.data.nickname ?? 'Monthly',
      currency: price?.data.currency ?? 'usd',
      active: price?.active ?? true,
    },
  });
  const field = useMessageField(form, billingMessagesEs);

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await save.mutateAsync(toPriceInput(values, product.id, price));
      toast.success(t('admin.priceSaved'));
      onClose();
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, (k) => SERVER_FIELDS[k] ?? null, form.setError);
      // A 409 (the amount of a price in use cannot change) has no field: it goes to the banner.
      if (!matched || unmatched.length) setBanner(`${t('admin.priceFailed')}: ${unmatched.length ? unmatched.join(' ') : errorText(error)}`);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" fullScreen={phone} aria-labelledby="price-form-title">
      <DialogTitle id="price-form-title">{t(price ? 'admin.editPrice' : 'admin.newPrice', { name: product.name })}</DialogTitle>
      <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('admin.save')} submitting={form.formState.isSubmitting} onCancel={onClose}>
        <Stack spacing={2}>
          <TextField
            {...field('amount', t('admin.amountHint'))}
            required
            autoFocus
            label={t('admin.amount')}
            slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
          />
          <TextField {...field('nickname')} label={t('admin.nickname')} />
          <TextField {...field('currency')} label={t('admin.currency')} slotProps={{ htmlInput: { maxLength: 3, spellCheck: false } }} />
          <Controller
            control={form.control}
            name="active"
            render={({ field: f }) => (
              <FormControlLabel control={<Switch checked={f.value} onChange={(e) => f.onChange(e.target.checked)} onBlur={f.onBlur} />} label={t('admin.active')} />
            )}
          />
        </Stack>
      </FormDialogBody>
    </Dialog>
  );
}
