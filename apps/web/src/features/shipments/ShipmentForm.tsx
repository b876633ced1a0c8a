import { useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  Alert, Box, Button, Checkbox, FormControlLabel, FormHelperText, Grid, Paper, Stack, TextField, Typography,
} from '@mui/material';
import { ORDER_CARRIERS, ORDER_SHIP_METHODS } from '@omnio/domain';
import { isHttpError } from '../../shared/api/http';
import { NATIVE_SELECT } from '../../shared/ui/form-helpers';
import type { OrderToShip, PackageOption, Shipment } from './api';
import { BoxCard } from './BoxCard';
import {
  boxedUnits, draftField, emptyBox, initialDraft, linesAt, problemsOf, toBody, unassignedUnits, type Problem, type ShipmentDraft,
} from './shipment-form';

interface ShipmentFormProps {
  order: OrderToShip;
  ilocs: { id: string; name: string; units: number }[];
  packages: PackageOption[];
  onCancel(): void;
  /** Sends the body; rejects with the server's error. */
  onShip(body: ReturnType<typeof toBody>['body']): Promise<Shipment>;
}

/** Problems shown before the first submit: the ones about what is assigned where (spec 5), not empty fields. */
const LIVE: ReadonlySet<Problem['key']> = new Set(['needsBoxes', 'wholeNumber', 'overAllocated', 'mismatch']);

/**
 * The shipment form: the iloc the units leave from, how many units of each line ship, the boxes holding
 * them (a package fills a box's measures), carrier and tracking. Spec 5 problems show live next to their
 * fields; the server's field errors land on the same fields after a refused submit.
 */
export function ShipmentForm({ order, ilocs, packages, onCancel, onShip }: ShipmentFormProps) {
  const { t } = useTranslation('shipments');
  const form = useForm<ShipmentDraft>({ defaultValues: initialDraft(order, ilocs[0]!.id) });
  const boxes = useFieldArray({ control: form.control, name: 'boxes' as never });
  const draft = useWatch({ control: form.control }) as ShipmentDraft;
  const lines = useMemo(() => linesAt(order, draft.iloc_id), [order, draft.iloc_id]);
  const problems = useMemo(() => problemsOf(draft, lines), [draft, lines]);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<{ fields: Record<string, string[]>; message: string | null }>({ fields: {}, message: null });
  const rest = unassignedUnits(draft, lines);

  /** The message under a field: a server error first, then a live problem (all of them once a submit was tried). */
  const message = (field: string): string | undefined => {
    const fromServer = server.fields[field]?.[0];
    if (fromServer) return fromServer;
    const p = problems.find((x) => x.field === field && (tried || LIVE.has(x.key)));
    return p ? t(`problems.${p.key}`, p.values) : undefined;
  };

  const changeIloc = (ilocId: string) => {
    form.reset({ ...initialDraft(order, ilocId), carrier: draft.carrier, ship_method: draft.ship_method, tracking: draft.tracking, notes: draft.notes });
    setServer({ fields: {}, message: null });
  };

  const submit = form.handleSubmit(async (values) => {
    setTried(true);
    setServer({ fields: {}, message: null });
    if (problemsOf(values, lines).length) return;
    const { body, boxIndex } = toBody(values, lines);
    try {
      await onShip(body);
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

  const register = (name: Path<ShipmentDraft>) => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, inputRef: ref };
  };
  // Native selects are controlled: a registered one may not show its default before its options exist.
  const controlled = (name: 'carrier' | 'ship_method') => ({
    name,
    value: draft[name] ?? '',
    onChange: (e: { target: { value: string } }) => form.setValue(name, e.target.value, { shouldDirty: true }),
  });
  const unhandled = problems.find((p) => p.key === 'unhandled');
  const boxesProblem = message('boxes');
  const banner = server.message ?? (tried && problems.length ? t('create.fix') : null);

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('create.title', { number: order.number })}>
      {banner && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {banner}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={2}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h6" component="h2">
                {t('create.items')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('create.itemsHint')}
              </Typography>
              <Box sx={{ mb: 2 }}>
              {ilocs.length > 1 ? (
                <TextField
                  select
                  label={t('create.iloc')}
                  value={draft.iloc_id}
                  onChange={(e) => changeIloc(e.target.value)}
                  size="small"
                  fullWidth
                  slotProps={NATIVE_SELECT}
                >
                  {ilocs.map((i) => (
                    <option key={i.id} value={i.id}>
                      {t('create.ilocUnits', { name: i.name, count: i.units })}
                    </option>
                  ))}
                </TextField>
              ) : (
                <Box>
                  <Typography variant="caption" color="text.secondary">
                    {t('create.iloc')}
                  </Typography>
                  <Typography>{t('create.ilocUnits', { name: ilocs[0]!.name, count: ilocs[0]!.units })}</Typography>
                </Box>
              )}
              </Box>
              <Stack spacing={1.5} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
                {lines.map((line) => {
                  const field = `assigned.${line.id}`;
                  const error = message(field);
                  return (
                    <Stack key={line.id} direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{line.sku}</Typography>
                        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                          {line.name ?? ''}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {t('create.ordered')} {line.quantity} · {t('create.shipped')} {line.qty_shipped} · {t('create.allocated')} {line.allocated} ·{' '}
                          {t('create.inBoxes')} {boxedUnits(draft, line.id) || 0}
                        </Typography>
                      </Box>
                      <TextField
                        {...register(field as Path<ShipmentDraft>)}
                        label={t('create.toShip')}
                        type="number"
                        size="small"
                        error={Boolean(error)}
                        helperText={error}
                        slotProps={{ htmlInput: { min: 0, max: line.allocated, step: 1, 'aria-label': `${t('create.toShip')} ${line.sku}` } }}
                        sx={{ width: { xs: '100%', sm: 180 }, flex: 'none' }}
                      />
                    </Stack>
                  );
                })}
              </Stack>
            </Paper>

            <Paper variant="outlined" sx={{ p: 2 }}>
              <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
                <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
                  {t('create.boxes')}
                </Typography>
                <Button onClick={() => boxes.append(emptyBox() as never)}>{t('create.addBox')}</Button>
              </Stack>
              {boxesProblem && (
                <FormHelperText error sx={{ mb: 1 }}>
                  {boxesProblem}
                </FormHelperText>
              )}
              <Stack spacing={2}>
                {boxes.fields.map((field, index) => (
                  <BoxCard
                    key={field.id}
                    index={index}
                    form={form}
                    lines={lines}
                    packages={packages}
                    message={message}
                    canRemove={boxes.fields.length > 1}
                    onRemove={() => boxes.remove(index)}
                  />
                ))}
              </Stack>
            </Paper>
          </Stack>
        </Grid>

        <Grid size={{ xs: 12, lg: 4 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <Typography variant="h6" component="h2">
                {t('create.details')}
              </Typography>
              <TextField {...controlled('carrier')} select label={t('create.carrier')} size="small" fullWidth slotProps={NATIVE_SELECT}>
                <option value="">{t('create.none')}</option>
                {ORDER_CARRIERS.map((c) => (
                  <option key={c} value={c}>
                    {t(`carriers.${c}`)}
                  </option>
                ))}
              </TextField>
              <TextField {...controlled('ship_method')} select label={t('create.method')} size="small" fullWidth slotProps={NATIVE_SELECT}>
                <option value="">{t('create.none')}</option>
                {ORDER_SHIP_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {t(`methods.${m}`)}
                  </option>
                ))}
              </TextField>
              <TextField {...register('tracking')} label={t('create.tracking')} size="small" fullWidth error={Boolean(message('tracking'))} helperText={message('tracking')} />
              <TextField {...register('notes')} label={t('create.notes')} size="small" fullWidth multiline minRows={2} />
              {rest > 0 && (
                <Box>
                  <FormControlLabel control={<Checkbox {...form.register('leave_rest')} checked={draft.leave_rest} />} label={t('create.leaveRest', { count: rest })} />
                  {unhandled && (
                    <FormHelperText error={tried} sx={{ color: tried ? undefined : 'warning.main' }}>
                      {t('problems.unhandled', unhandled.values)}
                    </FormHelperText>
                  )}
                </Box>
              )}
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button onClick={onCancel}>{t('actions.cancel')}</Button>
                <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
                  {t('create.submit')}
                </Button>
              </Stack>
            </Stack>
          </Paper>
        </Grid>
      </Grid>
    </form>
  );
}
