import { useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, FormHelperText, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import type { TSupplyShipmentInput } from '@omnio/domain';
import { isHttpError } from '../../shared/api/http';
import { NATIVE_SELECT } from '../../shared/ui/form-helpers';
import type { PackingTemplate } from './api';
import { AsnBoxCard } from './AsnBoxCard';
import { boxedUnits, boxesFromTemplate, draftField, emptyBox, problemsOf, toBody, type AsnDraft, type AsnLine, type AsnProblem } from './asn-form';

interface AsnFormProps {
  /** The form's accessible name (the page title). */
  label: string;
  lines: AsnLine[];
  initial: AsnDraft;
  templates: PackingTemplate[];
  /** 'Ordered' for a PO, 'Reserved' for a transfer. */
  quantityLabel: string;
  onCancel(): void;
  /** Sends the body; rejects with the server's error. */
  onSave(body: TSupplyShipmentInput): Promise<unknown>;
}

/** Problems shown before the first save: the ones about units, not empty fields. */
const LIVE: ReadonlySet<AsnProblem['key']> = new Set(['wholeNumber', 'overLeft', 'mismatch', 'noSpaces']);

/**
 * The ASN form: units per line (at most what is left to ship), ASN number, BOL, tracking, carrier, ship date,
 * a packing template that fills the boxes, and the boxes. Spec 5 problems show live beside their fields;
 * the server's field errors (the ASN number already used) land on the same fields.
 */
export function AsnForm({ label, lines, initial, templates, quantityLabel, onCancel, onSave }: AsnFormProps) {
  const { t } = useTranslation('supply');
  const form = useForm<AsnDraft>({ defaultValues: initial });
  const boxes = useFieldArray({ control: form.control, name: 'boxes' as never });
  const draft = useWatch({ control: form.control }) as AsnDraft;
  const problems = useMemo(() => problemsOf({ ...initial, ...draft, boxes: draft.boxes ?? [] }, lines), [draft, lines, initial]);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<{ fields: Record<string, string[]>; message: string | null }>({ fields: {}, message: null });

  const message = (field: string): string | undefined => {
    const fromServer = server.fields[field]?.[0];
    if (fromServer) return fromServer;
    const p = problems.find((x) => x.field === field && (tried || LIVE.has(x.key)));
    return p ? t(`problems.${p.key}`, p.values) : undefined;
  };
  const register = (name: string) => {
    const { ref, ...rest } = form.register(name as Path<AsnDraft>);
    const error = message(name);
    return { ...rest, inputRef: ref, error: Boolean(error), helperText: error };
  };

  const applyTemplate = (id: string) => {
    form.setValue('packing_template_id', id, { shouldDirty: true });
    const template = templates.find((x) => x.id === id);
    if (!template) return;
    boxes.replace(boxesFromTemplate(template, form.getValues(), lines) as never[]);
  };

  const submit = form.handleSubmit(async (values) => {
    setTried(true);
    setServer({ fields: {}, message: null });
    if (problemsOf(values, lines).length) return;
    const { body, boxIndex } = toBody(values, lines);
    try {
      await onSave(body);
    } catch (error) {
      if (isHttpError(error, 422)) {
        const fields: Record<string, string[]> = {};
        for (const [field, messages] of Object.entries(error.fieldErrors)) fields[draftField(field, body, boxIndex)] = messages;
        setServer({ fields, message: error.message });
      } else {
        setServer({ fields: {}, message: error instanceof Error ? error.message : String(error) });
      }
    }
  });

  const banner = server.message ?? (tried && problems.length ? t('asn.fix') : null);
  const boxesProblem = message('boxes');
  const linesProblem = message('lines');
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={label}>
      {banner && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {banner}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={2}>
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('asn.lines')}>
              <Typography variant="h6" component="h2">
                {t('asn.lines')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('asn.linesHint')}
              </Typography>
              {linesProblem && <FormHelperText error sx={{ mb: 1 }}>{linesProblem}</FormHelperText>}
              <Stack spacing={1.5} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
                {lines.map((line) => (
                  <Stack key={line.id} direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{line.sku}</Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {line.name ?? ''}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {quantityLabel} {line.quantity} · {t('asn.shippedLabel')} {line.qty_shipped} · {t('asn.left')} {line.left}
                        {draft.boxes?.length ? ` · ${t('asn.inBoxes')} ${boxedUnits(draft, line.id)}` : ''}
                      </Typography>
                    </Box>
                    <TextField
                      {...register(`assigned.${line.id}`)}
                      label={t('asn.toShip')}
                      type="number"
                      size="small"
                      slotProps={{ htmlInput: { min: 0, max: line.left, step: 1, 'aria-label': `${t('asn.toShip')} ${line.sku}` } }}
                      sx={{ width: { xs: '100%', sm: 180 }, flex: 'none' }}
                    />
                  </Stack>
                ))}
              </Stack>
            </Paper>

            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('asn.boxes')}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
                <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
                  {t('asn.boxes')}
                </Typography>
                {templates.length > 0 && (
                  <TextField
                    select
                    label={t('fields.template')}
                    value={draft.packing_template_id ?? ''}
                    onChange={(e) => applyTemplate(e.target.value)}
                    size="small"
                    sx={{ minWidth: 220 }}
                    slotProps={NATIVE_SELECT}
                  >
                    <option value="">{t('asn.none')}</option>
                    {templates.map((x) => (
                      <option key={x.id} value={x.id}>
                        {x.name}
                      </option>
                    ))}
                  </TextField>
                )}
                <Button startIcon={<Add />} onClick={() => boxes.append(emptyBox() as never)} sx={{ whiteSpace: 'nowrap', flex: 'none', alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
                  {t('asn.addBox')}
                </Button>
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {boxes.fields.length ? t('asn.boxesHint') : t('asn.noBoxes')}
              </Typography>
              {boxesProblem && <FormHelperText error sx={{ mb: 1 }}>{boxesProblem}</FormHelperText>}
              <Stack spacing={2}>
                {boxes.fields.map((field, index) => (
                  <AsnBoxCard key={field.id} index={index} form={form} lines={lines} message={message} onRemove={() => boxes.remove(index)} />
                ))}
              </Stack>
            </Paper>
          </Stack>
        </Grid>

        <Grid size={{ xs: 12, lg: 4 }}>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('asn.details')}>
            <Stack spacing={2}>
              <Typography variant="h6" component="h2">
                {t('asn.details')}
              </Typography>
              <TextField {...register('asn_number')} label={t('fields.asn')} size="small" fullWidth required slotProps={{ htmlInput: { spellCheck: false } }} />
              <TextField {...register('bol_number')} label={t('fields.bol')} size="small" fullWidth />
              <TextField {...register('tracking_number')} label={t('fields.tracking')} size="small" fullWidth />
              <TextField {...register('carrier')} label={t('fields.carrier')} size="small" fullWidth />
              <TextField {...register('ship_date')} label={t('fields.shipDate')} type="date" size="small" fullWidth slotProps={{ inputLabel: { shrink: true } }} />
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button onClick={onCancel}>{t('asn.back')}</Button>
                <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
                  {t('asn.save')}
                </Button>
              </Stack>
            </Stack>
          </Paper>
        </Grid>
      </Grid>
    </form>
  );
}
