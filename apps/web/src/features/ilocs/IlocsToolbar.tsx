import { useTranslation } from 'react-i18next';
import { Button, FormControlLabel, InputAdornment, Stack, Switch, TextField } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import { ILOC_STATUSES } from '@omnio/domain';

export interface IlocFilters {
  search: string;
  status: string;
  archived: boolean;
}

interface IlocsToolbarProps {
  filters: IlocFilters;
  onChange(filters: IlocFilters): void;
  onCreate?: () => void;
}

export function IlocsToolbar({ filters, onChange, onCreate }: IlocsToolbarProps) {
  const { t } = useTranslation('ilocs');
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, mb: 2 }}>
      <TextField
        type="search"
        size="small"
        label={t('list.search')}
        value={filters.search}
        onChange={(e) => onChange({ ...filters, search: e.target.value })}
        sx={{ width: { xs: '100%', md: 300 }, flex: 'none' }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
      />
      <TextField
        select
        size="small"
        label={t('fields.status')}
        value={filters.status}
        onChange={(e) => onChange({ ...filters, status: e.target.value })}
        sx={{ width: { xs: '100%', md: 200 }, flex: 'none' }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t('list.allStatuses')}</option>
        {ILOC_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`statuses.${status}`)}
          </option>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={filters.archived} onChange={(e) => onChange({ ...filters, archived: e.target.checked })} />}
        label={t('list.showArchived')}
        sx={{ whiteSpace: 'nowrap' }}
      />
      {onCreate && (
        <Button variant="contained" startIcon={<Add />} onClick={onCreate} sx={{ ml: { md: 'auto !important' }, whiteSpace: 'nowrap', flexShrink: 0 }}>
          {t('actions.create')}
        </Button>
      )}
    </Stack>
  );
}
