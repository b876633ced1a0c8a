import { useEffect, useId, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  Alert, Autocomplete, Box, Button, Checkbox, Chip, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Grid,
  InputAdornment, LinearProgress, Paper, Stack, Switch, TextField, Typography,
} from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  SCHEDULE_PRESET_IDS, SHOPIFY_FINANCIAL_STATUSES, SHOPIFY_FULFILLMENT_STATUSES, SHOPIFY_ORDER_STATUSES,
  type ChannelAction, type ChannelActionConfig,
} from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { applyFieldErrors, errorText, NATIVE_SELECT, useMessageField, useMessageTextWith } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { jobFinished, useChannelJob, useIlocChoices, useRunAction, useUpdateChannelProcess } from './api';
import { buildActionBody, optionFieldsOf, fieldOfServerPath, scheduleKey, toFormValues, type ActionFormValues } from './action-form';
import { channelMessagesEs } from './i18n';
import { OrdersStatusField } from './OrdersStatusField';

export interface ShopLocation {
  id: string;
  name: string;
}

interface ActionPanelProps {
  processId: string;
  action: ChannelAction;
  config: ChannelActionConfig | undefined;
  canEdit: boolean;
  canRun: boolean;
  /** A run of this action is already going (seen in the runs list: scheduled, webhook or another tab). */
  running: boolean;
  /** The store's locations from the last connection test, if any. */
  locations: ShopLocation[] | null;
  /** The process's driver: which sub-options this action offers (Shopify's when absent). */
  driver?: string;
}

/** One action of a process: Active, schedule, its sub-options, Save (this action only) and Run now. */
export function ActionPanel({ processId, action, config, canEdit, canRun, running, locations, driver }: ActionPanelProps) {
  const { t } = useTranslation('channels');
  const toast = useToast();
  const id = useId();
  const titleId = `${id}-title`;
  const update = useUpdateChannelProcess(processId);
  const start = useRunAction(processId);
  const [banner, setBanner] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useChannelJob(jobId);
  const form = useForm<ActionFormValues>({ defaultValues: toFormValues(config) });
  const { reset } = form;
  // A save answers the process: show what the server kept (e.g. a trimmed cron) as the new clean state.
  const configKey = JSON.stringify(config ?? null);
  useEffect(() => {
    reset(toFormValues((JSON.parse(configKey) as ChannelActionConfig | null) ?? undefined));
  }, [configKey, reset]);

  const jobStatus = job.data?.status;
  useEffect(() => {
    if (!jobId || !jobFinished(jobStatus)) return;
    if (jobStatus === 'COMPLETED') toast.success(t('actionPanel.runDone', { action: t(`actions.${action}`) }));
    else toast.error(job.data?.error ?? t('actionPanel.runFailedUnknown'), t('actionPanel.runFailed', { action: t(`actions.${action}`) }));
    setJobId(null);
  }, [jobId, jobStatus, job.data?.error, action, t, toast]);

  const save = form.handleSubmit(async (values) => {
    setBanner(null);
    const built = buildActionBody(action, values, config, driver);
    if (!built.ok) {
      built.errors.forEach((e, i) => form.setError(e.field, { type: 'client', message: e.message }, { shouldFocus: i === 0 }));
      return;
    }
    try {
      await update.mutateAsync({ actions: { [action]: built.body } });
      toast.success(t('actionPanel.saved', { action: t(`actions.${action}`) }));
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, (k) => fieldOfServerPath(action, k, values), form.setError);
      if (!matched || unmatched.length) setBanner(`${t('actionPanel.saveFailed')}: ${unmatched.length ? unmatched.join(' ') : errorText(error)}`);
    }
  });

  const runNow = async () => {
    try {
      const started = await start.mutateAsync(action);
      setJobId(started.job_id);
      toast.info(t('actionPanel.runStarted', { action: t(`actions.${action}`) }));
    } catch (error) {
      toast.error(errorText(error), t('actionPanel.runFailed', { action: t(`actions.${action}`) }));
    }
  };

  const inProgress = jobId !== null || running || start.isPending;
  const schedule = scheduleKey(config?.schedule ?? null);
  const progress = job.data?.progress ?? 0;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" id={titleId} sx={{ fontWeight: 600 }}>
            {t(`actions.${action}`)}
          </Typography>
          <Typography variant="body2" color="text.secondary">{t(`actionHints.${action}`, { defaultValue: '' })}</Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, alignItems: 'center' }}>
          <Chip size="small" color={config?.active ? 'success' : 'default'} label={config?.active ? t('actionPanel.on') : t('actionPanel.off')} />
          <Typography variant="caption" color="text.secondary">{t(schedule.key, { cron: schedule.cron })}</Typography>
        </Stack>
      </Stack>

      <form onSubmit={save} noValidate aria-labelledby={titleId}>
        {banner && <Alert severity="error" role="alert" sx={{ mb: 2 }}>{banner}</Alert>}
        <fieldset disabled={!canEdit} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Grid size={{ xs: 12, md: 4 }}>
              <Controller
                control={form.control}
                name="active"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} inputRef={field.ref} disabled={!canEdit} />}
                    label={t('actionPanel.active')}
                  />
                )}
              />
            </Grid>
            <ScheduleFields form={form} />
            <OptionFields action={action} form={form} locations={locations} driver={driver} />
          </Grid>
        </fieldset>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2, flexWrap: 'wrap', gap: 1 }}>
          {canRun && (
            <Button
              variant="outlined"
              startIcon={<PlayArrowIcon />}
              onClick={() => void runNow()}
              disabled={inProgress}
              aria-label={t('actionPanel.runNowNamed', { action: t(`actions.${action}`) })}
            >
              {t('actionPanel.runNow')}
            </Button>
          )}
          {canEdit && (
            <Button type="submit" variant="contained" loading={update.isPending} aria-label={t('actionPanel.saveNamed', { action: t(`actions.${action}`) })}>
              {t('actionPanel.save')}
            </Button>
          )}
        </Stack>
      </form>
      {inProgress && (
        <Box sx={{ mt: 2 }} role="status" aria-live="polite">
          <Typography variant="caption" color="text.secondary">
            {jobId && job.data ? t('actionPanel.progress', { progress }) : t('actionPanel.inProgress')}
          </Typography>
          <LinearProgress
            variant={jobId && job.data && progress > 0 ? 'determinate' : 'indeterminate'}
            value={progress}
            aria-label={t('actionPanel.progressLabel', { action: t(`actions.${action}`) })}
          />
        </Box>
      )}
    </Paper>
  );
}

type Form = UseFormReturn<ActionFormValues>;

function ScheduleFields({ form }: { form: Form }) {
  const { t } = useTranslation('channels');
  const field = useMessageField(form, channelMessagesEs);
  const mode = form.watch('scheduleMode');
  return (
    <>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <TextField {...field('scheduleMode', t('schedule.hint'))} select label={t('schedule.label')} slotProps={NATIVE_SELECT} size="small">
          <option value="">{t('schedule.none')}</option>
          {SCHEDULE_PRESET_IDS.map((p) => <option key={p} value={p}>{t(`presets.${p}`)}</option>)}
          <option value="custom">{t('schedule.custom')}</option>
        </TextField>
      </Grid>
      {mode === 'custom' && (
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField
            {...field('cron', t('schedule.cronHint'))}
            label={t('schedule.cron')}
            size="small"
            placeholder="*/15 * * * *"
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        </Grid>
      )}
    </>
  );
}

function OptionFields({ action, form, locations, driver }: { action: ChannelAction; form: Form; locations: ShopLocation[] | null; driver?: string }) {
  const shown = optionFieldsOf(action, driver) ?? [];
  const has = (name: string) => shown.includes(name);
  return (
    <>
      {has('initial_date') && <InitialDateField form={form} />}
      {has('order_status') && <ChoiceField form={form} name="order_status" choices={SHOPIFY_ORDER_STATUSES} />}
      {has('fulfillment_status') && <ChoiceField form={form} name="fulfillment_status" choices={SHOPIFY_FULFILLMENT_STATUSES} />}
      {has('financial_status') && <FinancialStatusField form={form} />}
      {has('orders_status') && driver && <OrdersStatusField control={form.control} name="orders_status" driver={driver} />}
      {has('filter_tags') && <TagsField form={form} />}
      {has('reserve_percentage') && <ReserveField form={form} />}
      {has('iloc_id') && <IlocsField form={form} />}
      {has('location_id') && <LocationField form={form} locations={locations} />}
      {has('notify_customer') && <FlagField form={form} name="notify_customer" />}
      {has('create_sku_if_not_exists') && <FlagField form={form} name="create_sku_if_not_exists" />}
      {has('sync_skus') && <FlagField form={form} name="sync_skus" />}
    </>
  );
}

function InitialDateField({ form }: { form: Form }) {
  const { t } = useTranslation('channels');
  const field = useMessageField(form, channelMessagesEs);
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <TextField {...field('initial_date', t('options.initial_dateHint'))} type="date" size="small" label={t('options.initial_date')} slotProps={{ inputLabel: { shrink: true } }} />
    </Grid>
  );
}

function ChoiceField({ form, name, choices }: { form: Form; name: 'order_status' | 'fulfillment_status'; choices: readonly string[] }) {
  const { t } = useTranslation('channels');
  const field = useMessageField(form, channelMessagesEs);
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <TextField {...field(name)} select size="small" label={t(`options.${name}`)} slotProps={NATIVE_SELECT}>
        <option value="">{t('options.default')}</option>
        {choices.map((c) => <option key={c} value={c}>{t(`shopifyStatus.${c}`, { defaultValue: c })}</option>)}
      </TextField>
    </Grid>
  );
}

function FinancialStatusField({ form }: { form: Form }) {
  const { t } = useTranslation('channels');
  const text = useMessageTextWith(channelMessagesEs);
  const legendId = useId();
  return (
    <Grid size={12}>
      <Controller
        control={form.control}
        name="financial_status"
        render={({ field, fieldState }) => (
          <FormControl component="fieldset" error={Boolean(fieldState.error)} variant="standard">
            <FormLabel component="legend" id={legendId} sx={{ typography: 'body2' }}>{t('options.financial_status')}</FormLabel>
            <FormGroup row aria-labelledby={legendId}>
              {SHOPIFY_FINANCIAL_STATUSES.map((s) => (
                <FormControlLabel
                  key={s}
                  control={
                    <Checkbox
                      size="small"
                      checked={field.value.includes(s)}
                      onChange={(e) => field.onChange(e.target.checked ? [...field.value, s] : field.value.filter((v) => v !== s))}
                    />
                  }
                  label={t(`shopifyStatus.${s}`, { defaultValue: s })}
                />
              ))}
            </FormGroup>
            <FormHelperText>{text(fieldState.error?.message) ?? t('options.financial_statusHint')}</FormHelperText>
          </FormControl>
        )}
      />
    </Grid>
  );
}

function TagsField({ form }: { form: Form }) {
  const { t } = useTranslation('channels');
  const field = useMessageField(form, channelMessagesEs);
  return (
    <Grid size={{ xs: 12, md: 8 }}>
      <TextField {...field('filter_tags', t('options.filter_tagsHint'))} size="small" label={t('options.filter_tags')} />
    </Grid>
  );
}

function ReserveField({ form }: { form: Form }) {
  const { t } = useTranslation('channels');
  const field = useMessageField(form, channelMessagesEs);
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <TextField
        {...field('reserve_percentage', t('options.reserve_percentageHint'))}
        type="number"
        size="small"
        label={t('options.reserve_percentage')}
        slotProps={{ htmlInput: { min: 0, max: 100, step: 'any', inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
      />
    </Grid>
  );
}

function IlocsField({ form }: { form: Form }) {
  const { t } = useTranslation('channels');
  const text = useMessageTextWith(channelMessagesEs);
  const { company } = useSession();
  const ilocs = useIlocChoices(company?.id);
  const options = ilocs.data ?? [];
  const nameOf = (id: string) => options.find((o) => o.id === id)?.name ?? id;
  return (
    <Grid size={{ xs: 12, md: 8 }}>
      <Controller
        control={form.control}
        name="iloc_ids"
        render={({ field, fieldState }) => (
          <Autocomplete
            multiple
            size="small"
            options={options.map((o) => o.id)}
            value={field.value}
            onChange={(_e, next) => field.onChange(next)}
            getOptionLabel={nameOf}
            loading={ilocs.isPending}
            filterSelectedOptions
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label={t('options.iloc_id')}
                error={Boolean(fieldState.error)}
                helperText={text(fieldState.error?.message) ?? (ilocs.isError ? t('options.ilocsFailed') : t('options.iloc_idHint'))}
              />
            )}
          />
        )}
      />
    </Grid>
  );
}

function LocationField({ form, locations }: { form: Form; locations: ShopLocation[] | null }) {
  const { t } = useTranslation('channels');
  const field = useMessageField(form, channelMessagesEs);
  const current = form.watch('location_id');
  if (!locations || locations.length === 0) {
    return (
      <Grid size={{ xs: 12, md: 8 }}>
        <TextField
          {...field('location_id', t('options.location_idFreeHint'))}
          size="small"
          label={t('options.location_id')}
          placeholder="gid://shopify/Location/1"
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
      </Grid>
    );
  }
  const known = locations.some((l) => l.id === current);
  return (
    <Grid size={{ xs: 12, md: 8 }}>
      <TextField {...field('location_id', t('options.location_idHint'))} select size="small" label={t('options.location_id')} slotProps={NATIVE_SELECT}>
        <option value="">{t('options.locationDefault')}</option>
        {locations.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
        {current && !known && <option value={current}>{t('options.locationCurrent', { id: current })}</option>}
      </TextField>
    </Grid>
  );
}

function FlagField({ form, name }: { form: Form; name: 'notify_customer' | 'create_sku_if_not_exists' | 'sync_skus' }) {
  const { t } = useTranslation('channels');
  return (
    <Grid size={{ xs: 12, md: 6 }}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} inputRef={field.ref} />}
            label={t(`options.${name}`)}
          />
        )}
      />
    </Grid>
  );
}
