import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/useSession';
import { useServerGrid } from '../../shared/ui/data-grid';
import { ListPage } from '../../shared/ui/ListPage';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useCompanyUsers } from './api';
import { InviteUserDialog } from './InviteUserDialog';
import { UsersGrid } from './UsersGrid';
import { UsersToolbar, type UserFilters } from './UsersToolbar';

const WITHOUT = ['companies'] as const;

/** Tenant: the users of the active company, and invitations into it. */
export function TenantUsersPage() {
  const { t } = useTranslation('users');
  const session = useSession();
  const [filters, setFilters] = useState<UserFilters>({ search: '', role: '' });
  const search = useDebounced(filters.search);
  const grid = useServerGrid();
  const list = useCompanyUsers({ ...grid.query, search });
  const [inviting, setInviting] = useState(false);

  return (
    <ListPage
      title={t('tenant.title', { company: session.company?.name ?? '' })}
      toolbar={
        <UsersToolbar
          filters={filters}
          onChange={(next) => {
            setFilters(next);
            grid.resetPage();
          }}
          actionLabel={t('invite.open')}
          onAction={session.can('create-users-company') ? () => setInviting(true) : undefined}
        />
      }
      error={list.isError ? { message: `${t('errors.load')}: ${list.error.message}`, onRetry: () => void list.refetch() } : null}
    >
      <UsersGrid
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        without={WITHOUT}
        emptyLabel={search ? t('list.noMatch') : t('tenant.empty')}
      />
      <InviteUserDialog open={inviting} onClose={() => setInviting(false)} />
    </ListPage>
  );
}
