import { useTranslation } from 'react-i18next';
import { FormControlLabel, Switch } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { ILOC_STATUSES } from '@omnio/domain';
import { FilterSelect, ListToolbar } from '../../shared/ui/ListToolbar';

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
    <ListToolbar
      searchLabel={t('list.search')}
      search={filters.search}
      onSearchChange={(search) => onChange({ ...filters, search })}
      action={onCreate && { label: t('actions.create'), icon: <Add />, onClick: onCreate }}
    >
      <FilterSelect
        label={t('fields.status')}
        value={filters.status}
        onChange={(status) => onChange({ ...filters, status })}
        allLabel={t('list.allStatuses')}
        options={ILOC_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
      />
      <FormControlLabel
        control={<Switch checked={filters.archived} onChange={(e) => onChange({ ...filters, archived: e.target.checked })} />}
        label={t('list.showArchived')}
        sx={{ whiteSpace: 'nowrap' }}
      />
    </ListToolbar>
  );
}
