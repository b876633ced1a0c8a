import { useTranslation } from 'react-i18next';
import { Box, MenuItem, TextField } from '@mui/material';
import { DASHBOARD_COMPARES, DASHBOARD_RANGES, type DashboardCompare, type DashboardRange } from '@omnio/domain';
import type { DashboardChoice } from './dashboard-query';

/** The range presets (spec 9), the custom days and the comparison; every change goes to the address. */
export function RangeBar({ choice, onChange }: { choice: DashboardChoice; onChange: (next: DashboardChoice) => void }) {
  const { t } = useTranslation('dashboard');
  const badOrder = choice.range === 'custom' && Boolean(choice.from && choice.to) && choice.from > choice.to;
  // Fields are full width on a phone and sized to their content beside each other from sm up (the theme makes them full width).
  const field = { size: 'small', fullWidth: false, sx: { width: { xs: '100%', sm: 200 } } } as const;
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5, flexWrap: 'wrap', alignItems: { sm: 'flex-start' } }}>
      <TextField
        {...field}
        select
        label={t('range.label')}
        value={choice.range}
        onChange={(e) => onChange({ ...choice, range: e.target.value as DashboardRange })}
      >
        {DASHBOARD_RANGES.map((r) => <MenuItem key={r} value={r}>{t(`range.${r}`)}</MenuItem>)}
      </TextField>
      {choice.range === 'custom' && (
        <>
          <TextField
            {...field}
            type="date"
            label={t('range.from')}
            value={choice.from}
            onChange={(e) => onChange({ ...choice, from: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            {...field}
            type="date"
            label={t('range.to')}
            value={choice.to}
            error={badOrder}
            helperText={badOrder ? t('range.badOrder') : undefined}
            onChange={(e) => onChange({ ...choice, to: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      )}
      <TextField
        {...field}
        select
        label={t('compare.label')}
        value={choice.compare}
        onChange={(e) => onChange({ ...choice, compare: e.target.value as DashboardCompare })}
      >
        {DASHBOARD_COMPARES.map((c) => <MenuItem key={c} value={c}>{t(`compare.${c}`)}</MenuItem>)}
      </TextField>
    </Box>
  );
}
