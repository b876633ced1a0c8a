import { useTranslation } from 'react-i18next';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import { ROLES } from '@omnio/domain';
import { FilterSelect, ListToolbar } from '../../shared/ui/ListToolbar';

export interface UserFilters {
  search: string;
  role: string;
}

interface UsersToolbarProps {
  filters: UserFilters;
  onChange(filters: UserFilters): void;
  /** Offer the role filter (the owner's list of every user). */
  withRole?: boolean;
  actionLabel: string;
  onAction?: () => void;
}

export function UsersToolbar({ filters, onChange, withRole, actionLabel, onAction }: UsersToolbarProps) {
  const { t } = useTranslation('users');
  return (
    <ListToolbar
      searchLabel={t('list.search')}
      search={filters.search}
      onSearchChange={(search) => onChange({ ...filters, search })}
      action={onAction && { label: actionLabel, icon: <PersonAddAlt />, onClick: onAction }}
    >
      {withRole && (
        <FilterSelect
          label={t('fields.role')}
          value={filters.role}
          onChange={(role) => onChange({ ...filters, role })}
          allLabel={t('list.allRoles')}
          options={ROLES.map((role) => ({ value: role, label: t(`roleNames.${role}`) }))}
        />
      )}
    </ListToolbar>
  );
}
