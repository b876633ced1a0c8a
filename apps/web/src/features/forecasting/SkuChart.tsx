import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, IconButton, Paper, Stack, Tooltip as MuiTooltip, Typography, useTheme } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useForecastSeries, type ForecastRunDto, type ForecastSeriesDto } from './api';

interface Point {
  date: string;
  sold?: number;
  outOfStock?: number;
  forecast?: number;
  band?: [number, number];
}

/** History and forecast on one time axis; out-of-stock days are marked where their demand was estimated. */
function pointsOf(series: ForecastSeriesDto): Point[] {
  const points: Point[] = [];
  for (const h of series.history) points.push({ date: h.date, sold: h.units, ...(h.in_stock ? {} : { outOfStock: h.units }) });
  for (const f of series.forecast) points.push({ date: f.date, forecast: f.units, band: [f.low, f.high] });
  return points;
}

/** One SKU's chart: sold units, forecast with its interval at the run's service level, and the days it was out of stock. */
export function SkuChart({ run, skuId, onClose }: { run: ForecastRunDto; skuId: string; onClose(): void }) {
  const { t, i18n } = useTranslation('forecasting');
  const theme = useTheme();
  const series = useForecastSeries(run.id, skuId);
  const points = useMemo(() => (series.data ? pointsOf(series.data) : []), [series.data]);
  const level = (run.params.service_level * 100).toLocaleString(i18n.language, { maximumFractionDigits: 1 });
  const sku = series.data?.row.sku ?? '';
  const number = (v: number) => v.toLocaleString(i18n.language, { maximumFractionDigits: 1 });
  const description = series.data
    ? t('chart.describe', {
      sku,
      sold: number(series.data.history.reduce((s, h) => s + h.units, 0)),
      days: series.data.history.length,
      oos: series.data.history.filter((h) => !h.in_stock).length,
      forecast: number(series.data.row.forecast_total),
      weeks: run.params.horizon_weeks,
    })
    : '';

  return (
    <Paper variant="outlined" component="section" aria-labelledby="forecast-chart-title" sx={{ p: { xs: 1.5, md: 2 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" id="forecast-chart-title" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {t('chart.heading', { sku })}
        </Typography>
        <MuiTooltip title={t('chart.close')}>
          <IconButton aria-label={t('chart.close')} onClick={onClose}>
            <Close />
          </IconButton>
        </MuiTooltip>
      </Stack>
      {series.isPending ? (
        <LoadingState label={t('chart.loading')} minHeight={200} />
      ) : series.isError ? (
        <ErrorState message={`${t('chart.error')}: ${series.error.message}`} onRetry={() => void series.refetch()} />
      ) : (
        <>
          <Box role="img" aria-label={description} sx={{ width: '100%', height: { xs: 240, md: 300 } }}>
            <ResponsiveContainer width="100%" height="100%">
              <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="date" tick={{ fontSize: 11 }} minTickGap={24} />
                <YAxis tick={{ fontSize: 11 }} allowDecimals={false} />
                <Tooltip formatter={(v) => (Array.isArray(v) ? v.map((x) => number(Number(x))).join(' – ') : number(Number(v)))} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Area
                  dataKey="band" name={t('chart.interval', { level })} stroke="none" fill={theme.palette.primary.main} fillOpacity={0.18}
                  isAnimationActive={false} connectNulls={false}
                />
                <Line dataKey="sold" name={t('chart.history')} stroke={theme.palette.text.secondary} dot={false} strokeWidth={1.5} isAnimationActive={false} />
                <Line dataKey="forecast" name={t('chart.forecast')} stroke={theme.palette.primary.main} dot={false} strokeWidth={2} isAnimationActive={false} />
                <Scatter dataKey="outOfStock" name={t('chart.outOfStock')} fill={theme.palette.error.main} shape="cross" isAnimationActive={false} />
              </ComposedChart>
            </ResponsiveContainer>
          </Box>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {description}
          </Typography>
        </>
      )}
    </Paper>
  );
}
