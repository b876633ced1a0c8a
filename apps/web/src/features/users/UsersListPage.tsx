import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useServerGrid } from '../../shared/ui/data-grid';
import { ListPage } from '../../shared/ui/ListPage';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useLoginByAdmin, useSetUserDisabled, useUsers, type UserRow } from './api';
import { AssignRolesDialog } from './AssignRolesDialog';
import { PermissionsDialog } from './PermissionsDialog';
import { UserCreateDialog } from './UserCreateDialog';
import { UsersGrid, type UserAction } from './UsersGrid';
import { UsersToolbar, type UserFilters } from './UsersToolbar';

type Open = { kind: 'create' } | { kind: UserAction; user: UserRow } | null;

/** Owner: every user of the platform, with roles, permissions, access and impersonation. */
export function UsersListPage() {
  const { t } = useTranslation('users');
  const session = useSession();
  const toast = useToast();
  const [filters, setFilters] = useState<UserFilters>({ search: '', role: '' });
  const search = useDebounced(filters.search);
  const grid = useServerGrid();
  const list = useUsers({ ...grid.query, search, role: filters.role || undefined });
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const setDisabled = useSetUserDisabled();
  const loginAs = useLoginByAdmin();

  const can = session.can;
  const selfId = session.user?.id;
  const actionsFor = useCallback(
    (row: UserRow): UserAction[] => {
      const actions: UserAction[] = [];
      if (can('update-user')) actions.push('roles');
      if (can('assign-permissions')) actions.push('permissions');
      if (row.id !== selfId && can('update-user')) actions.push('toggle-disabled');
      if (row.id !== selfId && !row.disabled && can('login-as-user')) actions.push('login-as');
      return actions;
    },
    [can, selfId],
  );
  const onAction = useCallback((action: UserAction, user: UserRow) => setOpen({ kind: action, user }), []);
  const target = open && open.kind !== 'create' ? open.user : null;

  return (
    <ListPage
      title={t('list.title')}
      toolbar={
        <UsersToolbar
          filters={filters}
          withRole
          onChange={(next) => {
            setFilters(next);
            grid.resetPage();
          }}
          actionLabel={t('actions.newUser')}
          onAction={can('create-user') ? () => setOpen({ kind: 'create' }) : undefined}
        />
      }
      error={list.isError ? { message: `${t('errors.load')}: ${list.error.message}`, onRetry: () => void list.refetch() } : null}
    >
      <UsersGrid
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        actionsFor={actionsFor}
        onAction={onAction}
        emptyLabel={search || filters.role ? t('list.noMatch') : t('list.empty')}
      />
      <UserCreateDialog open={open?.kind === 'create'} onClose={close} />
      <AssignRolesDialog user={open?.kind === 'roles' ? open.user : null} onClose={close} />
      <PermissionsDialog user={open?.kind === 'permissions' ? open.user : null} onClose={close} />
      <ConfirmDialog
        open={open?.kind === 'toggle-disabled'}
        title={t(target?.disabled ? 'confirm.enableTitle' : 'confirm.disableTitle')}
        message={t(target?.disabled ? 'confirm.enable' : 'confirm.disable', { name: target?.name ?? '' })}
        confirmLabel={t(target?.disabled ? 'actions.enable' : 'actions.disable')}
        destructive={!target?.disabled}
        errorPrefix={t('errors.update')}
        onClose={close}
        onConfirm={async () => {
          if (!target) return;
          await setDisabled.mutateAsync({ id: target.id, disabled: !target.disabled });
          toast.success(t(target.disabled ? 'notices.enabled' : 'notices.disabled', { name: target.name }));
        }}
      />
      <ConfirmDialog
        open={open?.kind === 'login-as'}
        title={t('confirm.loginAsTitle')}
        message={t('confirm.loginAs', { name: target?.name ?? '' })}
        confirmLabel={t('actions.login-as')}
        errorPrefix={t('errors.loginAs')}
        onClose={close}
        onConfirm={async () => {
          if (!target) return;
          const tokens = await loginAs.mutateAsync(target.id);
          await session.loginWithTokens(tokens);
          // A full load, not a router navigation: the owner's cached queries must not survive, and the
          // guard would otherwise judge this owner route with the new user's role and deny it first.
          window.location.assign('/');
        }}
      />
    </ListPage>
  );
}
