import { useCallback, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import type { TIlocCreate } from '@omnio/domain';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useServerGrid } from '../../shared/ui/data-grid';
import { ErrorState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useArchiveIloc, useDeleteIloc, useIlocs, useSaveIloc, type Iloc } from './api';
import { IlocFormDialog } from './IlocFormDialog';
import { IlocsGrid } from './IlocsGrid';
import { IlocsToolbar, type IlocFilters } from './IlocsToolbar';

type DialogState = { kind: 'form'; iloc: Iloc | null } | { kind: 'delete'; iloc: Iloc } | null;

export function IlocsPage() {
  const { t } = useTranslation('ilocs');
  const session = useSession();
  const toast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  // The owner reaches a company's ilocs from its configuration page (?company=<id>); a tenant sees its own.
  const ownerCompany = session.role === 'owner' ? searchParams.get('company') : null;
  const tenantId = ownerCompany ?? session.company?.id;
  const rights = { create: session.can('create-iloc'), update: session.can('update-iloc'), remove: session.can('delete-iloc') };

  const [filters, setFilters] = useState<IlocFilters>({ search: '', status: '', archived: false });
  const search = useDebounced(filters.search);
  const grid = useServerGrid();
  const list = useIlocs(tenantId, { ...grid.query, search, status: filters.status, archived: filters.archived });

  const [dialog, setDialog] = useState<DialogState>(() =>
    rights.create && searchParams.get('create') === 'true' ? { kind: 'form', iloc: null } : null,
  );
  const closeDialog = () => {
    setDialog(null);
    if (searchParams.has('create')) {
      const next = new URLSearchParams(searchParams);
      next.delete('create');
      setSearchParams(next, { replace: true });
    }
  };

  const save = useSaveIloc(tenantId ?? '');
  const archive = useArchiveIloc(tenantId ?? '');
  const remove = useDeleteIloc(tenantId ?? '');

  const onEdit = useCallback((iloc: Iloc) => setDialog({ kind: 'form', iloc }), []);
  const onDelete = useCallback((iloc: Iloc) => setDialog({ kind: 'delete', iloc }), []);
  const archiveIloc = archive.mutate;
  const onArchive = useCallback(
    (iloc: Iloc, archived: boolean) =>
      archiveIloc(
        { id: iloc.id, archived },
        {
          onSuccess: () => toast.success(t(archived ? 'notices.archived' : 'notices.unarchived', { name: iloc.name })),
          onError: (error) => toast.error(error.message, t(archived ? 'errors.archive' : 'errors.unarchive')),
        },
      ),
    [archiveIloc, toast, t],
  );

  const submitForm = async (values: TIlocCreate) => {
    const editing = dialog?.kind === 'form' ? dialog.iloc : null;
    await save.mutateAsync({ id: editing?.id, values });
    toast.success(t(editing ? 'notices.updated' : 'notices.created', { name: values.name }));
  };

  if (!tenantId) {
    return <Alert severity="info">{t('list.noCompany')}</Alert>;
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h5" component="h1">
          {t('list.title')}
        </Typography>
        {ownerCompany && (
          <Button component={RouterLink} to={pathOf('company-conf', { id: ownerCompany })} startIcon={<ArrowBack />}>
            {t('list.backToCompany')}
          </Button>
        )}
      </Stack>
      <IlocsToolbar
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          grid.resetPage();
        }}
        onCreate={rights.create ? () => setDialog({ kind: 'form', iloc: null }) : undefined}
      />
      {list.isError && (
        <ErrorState message={`${t('errors.load')}: ${list.error.message}`} onRetry={() => void list.refetch()} sx={{ mb: 2 }} />
      )}
      <IlocsGrid
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        rights={rights}
        onEdit={onEdit}
        onArchive={onArchive}
        onDelete={onDelete}
      />
      <IlocFormDialog
        open={dialog?.kind === 'form'}
        iloc={dialog?.kind === 'form' ? dialog.iloc : null}
        onClose={closeDialog}
        onSubmit={submitForm}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('delete.title')}
        message={t('delete.message', { name: dialog?.kind === 'delete' ? dialog.iloc.name : '' })}
        confirmLabel={t('actions.delete')}
        destructive
        errorPrefix={t('errors.delete')}
        onClose={closeDialog}
        onConfirm={async () => {
          if (dialog?.kind !== 'delete') return;
          await remove.mutateAsync(dialog.iloc.id);
          toast.success(t('notices.deleted', { name: dialog.iloc.name }));
        }}
      />
    </Box>
  );
}
