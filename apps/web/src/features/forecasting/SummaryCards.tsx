import { useTranslation } from 'react-i18next';
import { Box, Paper, Typography } from '@mui/material';
import type { ForecastRunDto } from './api';

type Summary = NonNullable<ForecastRunDto['summary']>;

/** The run in four figures: SKUs, SKUs to reorder, and the chosen methods' WAPE and MASE beside seasonal naive's. */
export function SummaryCards({ summary }: { summary: Summary }) {
  const { t, i18n } = useTranslation('forecasting');
  const lang = i18n.language;
  const percent = (v: number | null) => (v === null ? t('summary.none') : v.toLocaleString(lang, { style: 'percent', maximumFractionDigits: 1 }));
  const ratio = (v: number | null) => (v === null ? t('summary.none') : v.toLocaleString(lang, { maximumFractionDigits: 2 }));
  const verdict = (mine: number | null, naive: number | null) => (mine === null || naive === null ? null : mine <= naive ? t('summary.better') : t('summary.worse'));
  const cards = [
    { label: t('summary.skus'), value: summary.skus.toLocaleString(lang) },
    { label: t('summary.withSuggestion'), value: summary.with_suggestion.toLocaleString(lang) },
    { label: t('summary.wape'), value: percent(summary.wape), detail: t('summary.vsNaive', { value: percent(summary.naive_wape) }), verdict: verdict(summary.wape, summary.naive_wape) },
    { label: t('summary.mase'), value: ratio(summary.mase), detail: t('summary.vsNaive', { value: ratio(summary.naive_mase) }), verdict: verdict(summary.mase, summary.naive_mase) },
  ];
  return (
    <Box component="section" aria-labelledby="forecast-summary-title">
      <Typography variant="h6" component="h2" id="forecast-summary-title" sx={{ mb: 1 }}>
        {t('summary.heading')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: 2, m: 0 }}>
        {cards.map((c) => (
          <Paper key={c.label} variant="outlined" sx={{ p: 2, minWidth: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {c.label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0 }}>
              {c.value}
            </Typography>
            {c.detail && (
              <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0, display: 'block' }}>
                {c.detail}
                {c.verdict && ` · ${c.verdict}`}
              </Typography>
            )}
          </Paper>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {t('summary.explain')}
      </Typography>
    </Box>
  );
}
