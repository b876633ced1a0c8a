import { useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import type { TPurchaseOrderInput } from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { NATIVE_SELECT, errorText, applyFieldErrors } from '../../shared/ui/form-helpers';
import { formatMoney } from '../../shared/format/format';
import { useIlocOptions, useSupplierOptions, type PurchaseOrder } from './api';
import { usePoErrorText, usePoField } from '../../shared/forms/po-form-fields';
import { PoLinesSection } from './PoLinesSection';
import { ZPoForm, bodyProblems, formFieldOf, formTotals, toFormValues, toPoBody, type PoFormValues } from './po-form';

interface PoFormProps {
  po: PurchaseOrder | null;
  /** Sends the body; rejects with the server's error (422 field errors land on their fields). */
  onSubmit(body: TPurchaseOrderInput): Promise<void>;
  onCancel(): void;
}

export function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Typography variant="h6" component="h2" id={id} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The purchase-order form of /purchase-order/create, /po-create-v2 and /po-edit/:poId. */
export function PoForm({ po, onSubmit, onCancel }: PoFormProps) {
  const { t } = useTranslation('purchaseOrders');
  const errorOf = usePoErrorText();
  const [banner, setBanner] = useState<string | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const form = useForm<PoFormValues>({ resolver: zodResolver(ZPoForm), defaultValues: toFormValues(po) });
  const editing = po !== null;

  const showBanner = (text: string) => {
    setBanner(text);
    window.setTimeout(() => bannerRef.current?.focus(), 0);
  };

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    const body = toPoBody(values);
    const problems = bodyProblems(body);
    if (problems.length) {
      const unmatched = problems.filter(([key, message]) => {
        const name = formFieldOf(key);
        if (name) form.setError(name as FieldPath<PoFormValues>, { type: 'schema', message });
        return !name;
      });
      if (unmatched.length) showBanner(unmatched.map(([, m]) => errorOf(m) ?? m).join(' '));
      return;
    }
    try {
      await onSubmit(body);
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, formFieldOf, form.setError);
      if (!matched || unmatched.length) {
        const detail = unmatched.length ? unmatched.map((m) => errorOf(m) ?? m).join(' ') : errorText(error);
        showBanner(`${t(editing ? 'errors.update' : 'errors.create')}: ${detail}`);
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? t('form.editLabel', { number: po.number }) : t('form.createLabel')}>
      <Stack spacing={3}>
        {banner && (
          <Alert severity="error" ref={bannerRef} tabIndex={-1}>
            {banner}
          </Alert>
        )}
        <Section id="po-header" title={t('form.header')}>
          <HeaderFields form={form} />
        </Section>
        <Section id="po-lines" title={t('form.lines')}>
          <PoLinesSection form={form} />
        </Section>
        <Section id="po-notes" title={t('form.notes')}>
          <NotesFields form={form} />
        </Section>
        <Totals form={form} />
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {editing ? t('actions.saveChanges') : t('actions.saveDraft')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

function HeaderFields({ form }: { form: UseFormReturn<PoFormValues> }) {
  const { t } = useTranslation('purchaseOrders');
  const session = useSession();
  const field = usePoField(form);
  const suppliers = useSupplierOptions();
  const ilocs = useIlocOptions(session.company?.id);
  const errorOf = usePoErrorText();

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        {/* Controlled: the options arrive after the form, and an uncontrolled select would drop the saved value. */}
        <Controller
          control={form.control}
          name="supplier_id"
          render={({ field: f, fieldState }) => (
            <TextField
              {...f}
              inputRef={f.ref}
              onChange={(e) => {
                f.onChange(e.target.value);
                // A new supplier brings its terms and currency unless the buyer already typed their own.
                const chosen = suppliers.data?.find((s) => s.id === e.target.value);
                if (chosen?.payment_terms && !form.getValues('payment_terms')) form.setValue('payment_terms', chosen.payment_terms);
                if (chosen?.currency) form.setValue('currency', chosen.currency);
              }}
              select
              required
              fullWidth
              label={t('fields.supplier')}
              slotProps={NATIVE_SELECT}
              error={Boolean(fieldState.error)}
              helperText={errorOf(fieldState.error?.message) ?? (suppliers.isError ? t('errors.suppliers') : undefined)}
            >
              <option value="">{suppliers.isPending ? t('form.loading') : t('form.chooseSupplier')}</option>
              {suppliers.data?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Controller
          control={form.control}
          name="iloc_id"
          render={({ field: f, fieldState }) => (
            <TextField
              {...f}
              inputRef={f.ref}
              select
              required
              fullWidth
              label={t('fields.shipTo')}
              slotProps={NATIVE_SELECT}
              error={Boolean(fieldState.error)}
              helperText={errorOf(fieldState.error?.message)}
            >
              <option value="">{ilocs.isPending ? t('form.loading') : t('form.chooseIloc')}</option>
              {ilocs.data?.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.code ? `${i.name} (${i.code})` : i.name}
                </option>
              ))}
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <TextField {...field('estimated_delivery')} type="date" label={t('fields.estimatedDelivery')} slotProps={{ inputLabel: { shrink: true } }} />
      </Grid>
      <Grid size={{ xs: 6, sm: 3, md: 3 }}>
        <TextField {...field('shipping_cost')} label={t('fields.shippingCost')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      </Grid>
      <Grid size={{ xs: 6, sm: 3, md: 2 }}>
        <ControlledText form={form} name="currency" label={t('fields.currency')} htmlInput={{ maxLength: 3, autoCapitalize: 'characters' }} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <ControlledText form={form} name="payment_terms" label={t('fields.paymentTerms')} />
      </Grid>
    </Grid>
  );
}

/** Controlled, because choosing a supplier fills these by code and an uncontrolled label would not move. */
function ControlledText({ form, name, label, htmlInput }: {
  form: UseFormReturn<PoFormValues>;
  name: 'currency' | 'payment_terms';
  label: string;
  htmlInput?: Record<string, unknown>;
}) {
  const errorOf = usePoErrorText();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f, fieldState }) => (
        <TextField
          {...f}
          inputRef={f.ref}
          fullWidth
          label={label}
          error={Boolean(fieldState.error)}
          helperText={errorOf(fieldState.error?.message)}
          slotProps={{ htmlInput }}
        />
      )}
    />
  );
}

function NotesFields({ form }: { form: UseFormReturn<PoFormValues> }) {
  const { t } = useTranslation('purchaseOrders');
  const field = usePoField(form);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField {...field('notes_to_supplier', t('form.notesToSupplierHint'))} label={t('fields.notesToSupplier')} multiline minRows={3} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField {...field('notes_to_warehouse', t('form.notesToWarehouseHint'))} label={t('fields.notesToWarehouse')} multiline minRows={3} />
      </Grid>
    </Grid>
  );
}

function Totals({ form }: { form: UseFormReturn<PoFormValues> }) {
  const { t, i18n } = useTranslation('purchaseOrders');
  const [lines, shipping, currency] = useWatch({ control: form.control, name: ['lines', 'shipping_cost', 'currency'] });
  const totals = formTotals({ lines, shipping_cost: shipping });
  const money = (n: number) => formatMoney(n, currency?.toUpperCase(), i18n.language);
  const row = (label: string, value: string, testId?: string, strong = false) => (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 4 }}>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography variant="body2" data-testid={testId} sx={{ fontWeight: strong ? 700 : 400 }}>
        {value}
      </Typography>
    </Stack>
  );
  return (
    <Box sx={{ alignSelf: { sm: 'flex-end' }, minWidth: { sm: 320 } }} role="group" aria-label={t('form.totals')}>
      {row(t('fields.subtotal'), money(totals.subtotal))}
      {row(t('fields.taxTotal'), money(totals.tax))}
      {row(t('fields.shippingCost'), money(totals.shipping))}
      {row(t('fields.total'), money(totals.total), 'po-form-total', true)}
    </Box>
  );
}
