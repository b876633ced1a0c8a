import { useTranslation } from 'react-i18next';
import { Button, InputAdornment, Stack, TextField } from '@mui/material';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import Search from '@mui/icons-material/Search';
import { ROLES } from '@omnio/domain';

export interface UserFilters {
  search: string;
  role: string;
}

interface UsersToolbarProps {
  filters: UserFilters;
  onChange(filters: UserFilters): void;
  /** Offer the role filter (the owner's list of every user). */
  withRole?: boolean;
  actionLabel?: string;
  onAction?: () => void;
}

export function UsersToolbar({ filters, onChange, withRole, actionLabel, onAction }: UsersToolbarProps) {
  const { t } = useTranslation('users');
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
      {withRole && (
        <TextField
          select
          size="small"
          label={t('fields.role')}
          value={filters.role}
          onChange={(e) => onChange({ ...filters, role: e.target.value })}
          sx={{ width: { xs: '100%', md: 200 }, flex: 'none' }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('list.allRoles')}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roleNames.${role}`)}
            </option>
          ))}
        </TextField>
      )}
      {onAction && (
        <Button variant="contained" startIcon={<PersonAddAlt />} onClick={onAction} sx={{ ml: { md: 'auto !important' }, whiteSpace: 'nowrap', flexShrink: 0 }}>
          {actionLabel}
        </Button>
      )}
    </Stack>
  );
}
