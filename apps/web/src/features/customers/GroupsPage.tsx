import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ZGroupUpdate, type GroupType } from '@omnio/domain';
import { Box, Button, Dialog, DialogTitle, Link, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutline';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useServerGrid } from '../../shared/ui/data-grid';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { errorText, applyFieldErrors } from '../../shared/ui/form-helpers';
import { ErrorState } from '../../shared/ui/StateViews';
import { ListToolbar } from '../../shared/ui/ListToolbar';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useDeleteGroup, useGroups, useSaveGroup, type Group, type GroupBody } from './api';
import { useCustomerField, useMessageText } from './form-fields';

type DialogState = { kind: 'form'; group: Group | null } | { kind: 'delete'; group: Group } | null;

export const CustomerGroupsPage = () => <GroupsPage type="customer" />;
export const SupplierGroupsPage = () => <GroupsPage type="supplier" />;

/** /customer-groups and /supplier-groups: the groups of one type (spec 6 read/create/update/delete-group). */
function GroupsPage({ type }: { type: GroupType }) {
  const { t } = useTranslation('customers');
  const session = useSession();
  const toast = useToast();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [text, setText] = useState('');
  const search = useDebounced(text);
  const grid = useServerGrid();
  const list = useGroups(type, grid.query, search);
  const save = useSaveGroup();
  const remove = useDeleteGroup();
  const [dialog, setDialog] = useState<DialogState>(null);
  const canUpdate = session.can('update-group');
  const canDelete = session.can('delete-group');
  const canReadCustomers = session.can('read-organization');

  const columns = useMemo<GridColDef<Group>[]>(() => {
    const cols: GridColDef<Group>[] = [
      { field: 'name', headerName: t('fields.name'), flex: 1, minWidth: 150 },
      { field: 'description', headerName: t('fields.description'), flex: 1.5, minWidth: 160, sortable: false },
    ];
    if (type === 'customer') {
      cols.push({
        field: 'customer_count', headerName: t('fields.members'), width: 110, sortable: false, type: 'number',
        renderCell: ({ row }) =>
          canReadCustomers ? (
            <Link component={RouterLink} to={`${pathOf('customers')}?group=${encodeURIComponent(row.id)}`} aria-label={`${row.name}: ${row.customer_count} ${t('fields.members')}`}>
              {row.customer_count}
            </Link>
          ) : (
            row.customer_count
          ),
      });
    }
    if (canUpdate || canDelete) {
      cols.push({
        field: 'actions', type: 'actions', headerName: t('list.actions'), width: phone ? 56 : 96,
        getActions: ({ row }) => [
          ...(canUpdate
            ? [<GridActionsCellItem key="edit" icon={<EditOutlined />} label={t('actions.edit')} onClick={() => setDialog({ kind: 'form', group: row })} showInMenu={phone} />]
            : []),
          ...(canDelete
            ? [<GridActionsCellItem key="delete" icon={<DeleteOutline />} label={t('actions.delete')} onClick={() => setDialog({ kind: 'delete', group: row })} showInMenu />]
            : []),
        ],
      });
    }
    return cols;
  }, [t, phone, type, canUpdate, canDelete, canReadCustomers]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t(type === 'customer' ? 'groups.customerTitle' : 'groups.supplierTitle')}
        </Typography>
        {type === 'customer' && canReadCustomers && (
          <Button component={RouterLink} to={pathOf('customers')} startIcon={<PeopleOutline />}>
            {t('groups.toCustomers')}
          </Button>
        )}
      </Stack>
      <ListToolbar
        searchLabel={t('groups.search')}
        search={text}
        onSearchChange={(value) => {
          setText(value);
          grid.resetPage();
        }}
        action={session.can('create-group') ? { label: t('actions.createGroup'), icon: <Add />, onClick: () => setDialog({ kind: 'form', group: null }) } : undefined}
      />
      {list.isError && <ErrorState message={`${t('errors.loadGroups')}: ${list.error.message}`} onRetry={() => void list.refetch()} sx={{ mb: 2 }} />}
      <ServerDataGrid
        rows={list.data?.data ?? []}
        columns={columns}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        emptyLabel={t('groups.empty')}
        hideOnPhone={['description']}
      />
      <GroupFormDialog
        open={dialog?.kind === 'form'}
        group={dialog?.kind === 'form' ? dialog.group : null}
        onClose={() => setDialog(null)}
        onSubmit={async (body) => {
          const editing = dialog?.kind === 'form' ? dialog.group : null;
          const saved = await save.mutateAsync({ id: editing?.id, body: editing ? body : { ...body, type } });
          toast.success(t(editing ? 'notices.groupUpdated' : 'notices.groupCreated', { name: saved.name }));
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('delete.groupTitle')}
        message={t('delete.groupMessage', { name: dialog?.kind === 'delete' ? dialog.group.name : '' })}
        confirmLabel={t('actions.delete')}
        destructive
        errorPrefix={t('errors.deleteGroup')}
        onClose={() => setDialog(null)}
        onConfirm={async () => {
          if (dialog?.kind !== 'delete') return;
          await remove.mutateAsync(dialog.group.id);
          toast.success(t('notices.groupDeleted', { name: dialog.group.name }));
        }}
      />
    </Box>
  );
}

/** The group form: name (required) and description; the page sets the type. */
const ZGroupForm = ZGroupUpdate.required({ name: true });
type GroupFormInput = z.input<typeof ZGroupForm>;
type GroupFormValues = z.output<typeof ZGroupForm>;

interface GroupFormDialogProps {
  open: boolean;
  group: Group | null;
  onClose(): void;
  onSubmit(body: GroupBody & { name: string }): Promise<unknown>;
}

function GroupFormDialog({ open, group, onClose, onSubmit }: GroupFormDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { t } = useTranslation('customers');
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="xs" aria-labelledby="group-form-title">
      <DialogTitle id="group-form-title">{group ? t('groups.editTitle', { name: group.name }) : t('groups.createTitle')}</DialogTitle>
      {open && <GroupFormBody key={group?.id ?? 'new'} group={group} onClose={onClose} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function GroupFormBody({ group, onClose, onSubmit }: Omit<GroupFormDialogProps, 'open'>) {
  const { t } = useTranslation('customers');
  const messageText = useMessageText();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<GroupFormInput, unknown, GroupFormValues>({
    resolver: zodResolver(ZGroupForm),
    defaultValues: { name: group?.name ?? '', description: group?.description ?? '' },
  });
  const field = useCustomerField(form);
  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await onSubmit({ name: values.name, description: values.description ?? null });
      onClose();
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, (key) => (key === 'name' || key === 'description' ? key : null), form.setError);
      if (!matched || unmatched.length) setBanner(`${t('errors.saveGroup')}: ${unmatched.length ? unmatched.map((m) => messageText(m) ?? m).join(' ') : errorText(error)}`);
    }
  });
  return (
    <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('actions.save')} submitting={form.formState.isSubmitting} onCancel={onClose}>
      <Stack spacing={2}>
        <TextField {...field('name')} label={t('fields.name')} required autoFocus autoComplete="off" />
        <TextField {...field('description')} label={t('fields.description')} multiline minRows={2} />
      </Stack>
    </FormDialogBody>
  );
}
