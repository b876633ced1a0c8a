import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  Dialog, DialogTitle, FormControlLabel, FormControl, FormLabel, Radio, RadioGroup, Stack, Switch, TextField,
} from '@mui/material';
import {
  cronError, isValidTimeZone, SCHEDULE_PRESET_IDS, type SchedulableJobKind, type ScheduleDto, type SchedulePreset, type TScheduleCreate,
} from '@omnio/domain';
import { translateValidation } from '../../shared/i18n/validation-messages';
import { applyFieldErrors, errorText, NATIVE_SELECT } from '../../shared/ui/form-helpers';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { useToast } from '../../shared/ui/toast';
import { useSaveSchedule } from './api';
import { scheduleMessageEs } from './i18n';

const ZForm = z
  .object({
    name: z.string().trim().min(1, 'Required').max(120),
    job_kind: z.string().min(1, 'Required'),
    mode: z.enum(['preset', 'custom']),
    preset: z.enum(SCHEDULE_PRESET_IDS as [SchedulePreset, ...SchedulePreset[]]),
    cron: z.string(),
    timezone: z.string().trim().min(1, 'Required').refine(isValidTimeZone, 'Not a known time zone (use an IANA name like Europe/Madrid)'),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.mode !== 'custom') return;
    const error = v.cron.trim() ? cronError(v.cron) : 'Choose a preset or enter a cron expression';
    if (error) ctx.addIssue({ code: 'custom', path: ['cron'], message: error });
  });
type FormValues = z.infer<typeof ZForm>;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function toValues(s: ScheduleDto | null, kinds: SchedulableJobKind[]): FormValues {
  return {
    name: s?.name ?? '',
    job_kind: s?.job_kind ?? (kinds.length === 1 ? kinds[0]!.kind : ''),
    mode: s && !s.preset ? 'custom' : 'preset',
    preset: s?.preset ?? 'daily',
    cron: s && !s.preset ? s.cron : '',
    timezone: s?.timezone ?? browserZone(),
    active: s?.active ?? true,
  };
}

const FIELDS: Record<string, FieldPath<FormValues>> = { name: 'name', job_kind: 'job_kind', preset: 'preset', cron: 'cron', timezone: 'timezone', active: 'active' };

/** Create or edit one schedule: a preset (spec 9) or a custom cron expression, in a time zone. */
export function ScheduleDialog({ schedule, kinds, onClose }: { schedule: ScheduleDto | null; kinds: SchedulableJobKind[]; onClose(): void }) {
  const { t, i18n } = useTranslation('schedules');
  const toast = useToast();
  const save = useSaveSchedule();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(ZForm), defaultValues: toValues(schedule, kinds) });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const message = (m: string | undefined) => (m && i18n.language.startsWith('es') ? (scheduleMessageEs(m) ?? translateValidation(m, i18n.language)) : m);
  const field = (name: FieldPath<FormValues>, hint?: string) => {
    const { ref, ...rest } = form.register(name);
    const error = message(form.getFieldState(name, form.formState).error?.message);
    return { ...rest, inputRef: ref, error: Boolean(error), helperText: error ?? hint, fullWidth: true };
  };

  const submit = form.handleSubmit(async (v) => {
    setBanner(null);
    const body: TScheduleCreate = {
      name: v.name, job_kind: v.job_kind, timezone: v.timezone.trim(), active: v.active,
      ...(v.mode === 'preset' ? { preset: v.preset, cron: null } : { cron: v.cron.trim(), preset: null }),
    };
    try {
      await save.mutateAsync({ id: schedule?.id ?? null, body });
      toast.success(t('saved'));
      onClose();
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, (key) => FIELDS[key] ?? null, form.setError);
      if (!matched || unmatched.length) setBanner(`${t('errors.save')}: ${unmatched.length ? unmatched.map((m) => message(m)).join(' ') : errorText(error)}`);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="schedule-dialog-title">
      <DialogTitle id="schedule-dialog-title">{schedule ? t('dialog.edit') : t('dialog.create')}</DialogTitle>
      <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('save')} submitting={form.formState.isSubmitting} onCancel={onClose}>
        <Stack spacing={2}>
          <TextField {...field('name')} required label={t('fields.name')} autoFocus />
          <TextField {...field('job_kind')} required select label={t('fields.job_kind')} slotProps={NATIVE_SELECT}>
            <option value="" disabled>
              {t('chooseTask')}
            </option>
            {kinds.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
            {schedule && !kinds.some((k) => k.kind === schedule.job_kind) && <option value={schedule.job_kind}>{schedule.job_kind}</option>}
          </TextField>
          <FormControl>
            <FormLabel id="schedule-mode-label">{t('fields.mode')}</FormLabel>
            <Controller
              control={form.control}
              name="mode"
              render={({ field: f }) => (
                <RadioGroup row aria-labelledby="schedule-mode-label" value={f.value} onChange={(e) => f.onChange(e.target.value)}>
                  <FormControlLabel value="preset" control={<Radio />} label={t('modes.preset')} />
                  <FormControlLabel value="custom" control={<Radio />} label={t('modes.custom')} />
                </RadioGroup>
              )}
            />
          </FormControl>
          {mode === 'preset' ? (
            <TextField {...field('preset')} select label={t('fields.preset')} slotProps={NATIVE_SELECT}>
              {SCHEDULE_PRESET_IDS.map((p) => (
                <option key={p} value={p}>
                  {t(`presets.${p}`)}
                </option>
              ))}
            </TextField>
          ) : (
            <TextField {...field('cron', t('hints.cron'))} required label={t('fields.cron')} slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }} />
          )}
          <TextField {...field('timezone', t('hints.timezone'))} required label={t('fields.timezone')} slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }} />
          <Controller
            control={form.control}
            name="active"
            render={({ field: f }) => (
              <FormControlLabel control={<Switch checked={f.value} onChange={(e) => f.onChange(e.target.checked)} />} label={t('fields.active')} />
            )}
          />
        </Stack>
      </FormDialogBody>
    </Dialog>
  );
}
