import { useTranslation } from 'react-i18next';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Box, Button, Grid, IconButton, Stack, TextField, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { ORDER_CARRIERS, ORDER_SHIP_METHODS } from '@omnio/domain';
import { NATIVE_SELECT } from '../../shared/ui/form-helpers';
import type { OrderFormValues } from './order-form';
import { useOrderField } from './form-fields';

type Form = UseFormReturn<OrderFormValues>;
const DATE_LABEL = { inputLabel: { shrink: true } } as const;

/** Ship method and carrier, currency and shipping charge (spec 9 service methods). */
export function ShippingFields({ form }: { form: Form }) {
  const { t } = useTranslation('orders');
  const field = useOrderField(form);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <TextField {...field('ship_method')} select label={t('fields.shipMethod')} slotProps={NATIVE_SELECT}>
          <option value="">{t('form.notSet')}</option>
          {ORDER_SHIP_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`shipMethods.${m}`)}
            </option>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <TextField {...field('ship_carrier')} select label={t('fields.carrier')} slotProps={NATIVE_SELECT}>
          <option value="">{t('form.notSet')}</option>
          {ORDER_CARRIERS.map((c) => (
            <option key={c} value={c}>
              {t(`carriers.${c}`)}
            </option>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <TextField {...field('currency')} label={t('fields.currency')} required slotProps={{ htmlInput: { maxLength: 3, autoCapitalize: 'characters' } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <TextField {...field('shipping_amount')} label={t('fields.shippingCharge')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      </Grid>
    </Grid>
  );
}

/** Spec 3 order extras: hold-until (date, optional time; on create), shipable date, deliver-by. */
export function DateFields({ form, editing }: { form: Form; editing: boolean }) {
  const { t } = useTranslation('orders');
  const field = useOrderField(form);
  return (
    <Grid container spacing={2}>
      {/* An existing order is held with its Hold button, not by editing. */}
      {!editing && (
        <>
          <Grid size={{ xs: 6, md: 3 }}>
            <TextField {...field('hold_date', t('form.holdHint'))} type="date" label={t('fields.holdUntil')} slotProps={DATE_LABEL} />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <TextField {...field('hold_time', t('hold.timeHint'))} type="time" label={t('hold.time')} slotProps={DATE_LABEL} />
          </Grid>
        </>
      )}
      <Grid size={{ xs: 6, md: 3 }}>
        <TextField {...field('shipable_date')} type="date" label={t('fields.shipableDate')} slotProps={DATE_LABEL} />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <TextField {...field('deliver_by')} type="date" label={t('fields.deliverBy')} slotProps={DATE_LABEL} />
      </Grid>
    </Grid>
  );
}

/** Notes, metadata as key/value pairs and, on create, where the order comes from. */
export function NotesFields({ form, editing }: { form: Form; editing: boolean }) {
  const { t } = useTranslation('orders');
  const field = useOrderField(form);
  const metadata = useFieldArray({ control: form.control, name: 'metadata' });
  return (
    <Stack spacing={2}>
      {!editing && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...field('channel', t('form.channelHint'))} label={t('fields.channel')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...field('external_id', t('form.externalIdHint'))} label={t('fields.externalId')} />
          </Grid>
        </Grid>
      )}
      <TextField {...field('notes')} label={t('fields.notes')} multiline minRows={2} />
      <Box>
        <Typography variant="subtitle2" component="h3" id="order-metadata-title" sx={{ mb: 1 }}>
          {t('fields.metadata')}
        </Typography>
        <Stack spacing={1.5} role="group" aria-labelledby="order-metadata-title">
          {metadata.fields.map((row, index) => (
            <Stack key={row.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField {...field(`metadata.${index}.key`)} label={t('form.metadataKey')} size="small" />
              <TextField {...field(`metadata.${index}.value`)} label={t('form.metadataValue')} size="small" />
              <IconButton aria-label={t('form.removeMetadata', { n: index + 1 })} onClick={() => metadata.remove(index)} sx={{ mt: 0.5 }}>
                <DeleteOutline />
              </IconButton>
            </Stack>
          ))}
          <Box>
            <Button size="small" startIcon={<Add />} onClick={() => metadata.append({ key: '', value: '' }, { focusName: `metadata.${metadata.fields.length}.key` })}>
              {t('form.addMetadata')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Stack>
  );
}
