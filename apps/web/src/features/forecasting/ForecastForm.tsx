import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert, Autocomplete, Button, Chip, FormControl, FormControlLabel, FormHelperText, FormLabel, Grid, InputAdornment, Paper, Radio, RadioGroup, TextField, Typography,
} from '@mui/material';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { FORECAST_MAX_SKUS } from '@omnio/domain';
import { useSkuOptions } from '../../shared/catalog/sku-api';
import { useSession } from '../../shared/session/useSession';
import { NATIVE_SELECT, errorText, useMessageTextWith } from '../../shared/ui/form-helpers';
import { useDebounced } from '../../shared/ui/useDebounced';
import { isHttpError } from '../../shared/api/http';
import { forecastingMessagesEs } from './i18n';
import { useCategoryOptions, useIlocOptions, useStartForecast, type ForecastRunDto, type ForecastCreateInput } from './api';

interface SkuRef {
  id: string;
  sku: string;
}

type Peaks = NonNullable<ForecastCreateInput['peaks']>;
// The form's own checks store a key of `validation`; a server 422 stores its message.
const OWN_KEYS = new Set(['skus', 'tooManySkus', 'category', 'horizon', 'serviceLevel']);

type Errors = Partial<Record<'sku_ids' | 'category_id' | 'horizon_weeks' | 'service_level' | 'form', string>>;

/** The form's fields checked as the contract will check them, so a slip is named beside its field before any request. */
function validate(values: { mode: 'skus' | 'category'; skus: SkuRef[]; categoryId: string; horizon: string; level: string }) {
  const errors: Errors = {};
  if (values.mode === 'skus' && values.skus.length === 0) errors.sku_ids = 'skus';
  if (values.mode === 'skus' && values.skus.length > FORECAST_MAX_SKUS) errors.sku_ids = 'tooManySkus';
  if (values.mode === 'category' && !values.categoryId) errors.category_id = 'category';
  const weeks = Number(values.horizon);
  if (!/^\d+$/.test(values.horizon.trim()) || weeks < 1 || weeks > 26) errors.horizon_weeks = 'horizon';
  const level = Number(values.level.replace(',', '.'));
  if (values.level.trim() === '' || !Number.isFinite(level) || level < 50 || level > 99.9) errors.service_level = 'serviceLevel';
  return errors;
}

/** Picks what to forecast and how, and starts the run. */
export function ForecastForm({ onStarted }: { onStarted(run: ForecastRunDto): void }) {
  const { t } = useTranslation('forecasting');
  const session = useSession();
  const ilocs = useIlocOptions(session.company?.id);
  const [mode, setMode] = useState<'skus' | 'category'>('skus');
  const [skus, setSkus] = useState<SkuRef[]>([]);
  const [categoryId, setCategoryId] = useState('');
  const categories = useCategoryOptions(mode === 'category');
  const [horizon, setHorizon] = useState('8');
  const [level, setLevel] = useState('95');
  const [peaks, setPeaks] = useState<Peaks>('apply');
  const [ilocId, setIlocId] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const start = useStartForecast();
  const serverText = useMessageTextWith(forecastingMessagesEs);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate({ mode, skus, categoryId, horizon, level });
    setErrors(found);
    if (Object.keys(found).length) return;
    const body: ForecastCreateInput = {
      ...(mode === 'skus' ? { sku_ids: skus.map((s) => s.id) } : { category_id: categoryId }),
      horizon_weeks: Number(horizon),
      service_level: Math.round(Number(level.replace(',', '.')) * 10) / 1000,
      peaks,
      ...(ilocId ? { iloc_id: ilocId } : {}),
    };
    try {
      onStarted(await start.mutateAsync(body));
    } catch (error) {
      // A 422 names its field; the message goes beside it, and anything else above the button.
      const fields = isHttpError(error) ? (error.fieldErrors) : {};
      const byField: Errors = {};
      for (const [path, messages] of Object.entries(fields)) {
        const field = path.split('.')[0] as keyof Errors;
        if (['sku_ids', 'category_id', 'horizon_weeks', 'service_level'].includes(field)) byField[field] = messages[0];
      }
      setErrors(Object.keys(byField).length ? byField : { form: `${t('errors.start')}: ${errorText(error)}` });
    }
  };

  const message = (field: keyof Errors) => {
    const value = errors[field];
    if (!value) return undefined;
    return field !== 'form' && OWN_KEYS.has(value) ? t(`validation.${value}`) : (serverText(value) ?? value);
  };

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="forecast-form-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" id="forecast-form-title" sx={{ mb: 2 }}>
        {t('form.heading')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={12}>
          <FormControl>
            <FormLabel id="forecast-target">{t('form.target')}</FormLabel>
            <RadioGroup row aria-labelledby="forecast-target" value={mode} onChange={(e) => setMode(e.target.value as 'skus' | 'category')}>
              <FormControlLabel value="skus" control={<Radio />} label={t('form.bySkus')} />
              <FormControlLabel value="category" control={<Radio />} label={t('form.byCategory')} />
            </RadioGroup>
          </FormControl>
        </Grid>
        <Grid size={12}>
          {mode === 'skus' ? (
            <SkuField value={skus} onChange={setSkus} error={message('sku_ids')} />
          ) : (
            <TextField
              select fullWidth required label={t('form.category')} value={categoryId} onChange={(e) => setCategoryId(e.target.value)}
              error={Boolean(errors.category_id)} helperText={message('category_id') ?? (categories.isError ? t('errors.options') : undefined)} slotProps={NATIVE_SELECT}
            >
              <option value="">{categories.isPending ? t('form.loading') : t('form.chooseCategory')}</option>
              {categories.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </TextField>
          )}
        </Grid>
        <Grid size={{ xs: 6, md: 6 }}>
          <TextField
            fullWidth required type="number" label={t('form.horizon')} value={horizon} onChange={(e) => setHorizon(e.target.value)}
            error={Boolean(errors.horizon_weeks)} helperText={message('horizon_weeks') ?? t('form.horizonHint')} slotProps={{ htmlInput: { min: 1, max: 26, step: 1 } }}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 6 }}>
          <TextField
            fullWidth required type="number" label={t('form.serviceLevel')} value={level} onChange={(e) => setLevel(e.target.value)}
            error={Boolean(errors.service_level)} helperText={message('service_level') ?? t('form.serviceLevelHint')} slotProps={{ htmlInput: { min: 50, max: 99.9, step: 0.1 }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
          />
        </Grid>
        <Grid size={12}>
          <TextField select fullWidth label={t('form.iloc')} value={ilocId} onChange={(e) => setIlocId(e.target.value)} slotProps={NATIVE_SELECT}>
            <option value="">{t('form.allIlocs')}</option>
            {ilocs.data?.map((i) => (
              <option key={i.id} value={i.id}>
                {i.code ? `${i.name} (${i.code})` : i.name}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={12}>
          <FormControl>
            <FormLabel id="forecast-peaks">{t('form.peaks')}</FormLabel>
            <RadioGroup row aria-labelledby="forecast-peaks" value={peaks} onChange={(e) => setPeaks(e.target.value as Peaks)}>
              <FormControlLabel value="apply" control={<Radio />} label={t('form.peaksApply')} />
              <FormControlLabel value="exclude" control={<Radio />} label={t('form.peaksExclude')} />
              <FormControlLabel value="ignore" control={<Radio />} label={t('form.peaksIgnore')} />
            </RadioGroup>
            <FormHelperText sx={{ mx: 0 }}>{t('form.peaksHint')}</FormHelperText>
          </FormControl>
        </Grid>
        {errors.form && (
          <Grid size={12}>
            <Alert severity="error">{errors.form}</Alert>
          </Grid>
        )}
        <Grid size={12}>
          <Button type="submit" variant="contained" startIcon={<PlayArrow />} loading={start.isPending} loadingPosition="start">
            {t('form.run')}
          </Button>
        </Grid>
      </Grid>
    </Paper>
  );
}

/** Several SKUs found by typing their code or name (the catalog's own picker lives in another feature). */
function SkuField({ value, onChange, error }: { value: SkuRef[]; onChange(value: SkuRef[]): void; error?: string }) {
  const { t } = useTranslation('forecasting');
  const [input, setInput] = useState('');
  const options = useSkuOptions(useDebounced(input, 250));
  return (
    <Autocomplete
      multiple
      filterSelectedOptions
      options={(options.data ?? []).map((s): SkuRef => ({ id: s.id, sku: s.sku }))}
      value={value}
      getOptionLabel={(o) => o.sku}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(o) => o}
      inputValue={input}
      onInputChange={(_e, next) => setInput(next)}
      onChange={(_e, next) => onChange(next)}
      loading={options.isFetching}
      loadingText={t('form.loading')}
      noOptionsText={t('form.noMatches')}
      renderValue={(selected, getItemProps) =>
        selected.map((ref, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={ref.sku} {...itemProps} />;
        })
      }
      renderInput={(params) => <TextField {...params} required label={t('form.skus')} error={Boolean(error)} helperText={error ?? t('form.skusHint')} />}
    />
  );
}
