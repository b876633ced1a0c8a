import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZCategoryCreate, type TCategoryCreate } from '@omnio/domain';
import { Dialog, DialogTitle, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useServerGrid } from '../../shared/ui/data-grid';
import { NATIVE_SELECT, errorText, applyFieldErrors } from '../../shared/ui/form-helpers';
import { ListToolbar } from '../../shared/ui/ListToolbar';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { ListPage } from '../../shared/ui/ListPage';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useAllCategories, useCategories, useDeleteCategory, useSaveCategory, type Category, type CategoryBody } from './api';
import { useCatalogField } from '../../shared/forms/catalog-form-fields';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';

type DialogState = { kind: 'form'; category: Category | null } | { kind: 'delete'; category: Category } | null;

export function CategoriesPage() {
  const { t } = useTranslation('catalog');
  const session = useSession();
  const toast = useToast();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [text, setText] = useState('');
  const search = useDebounced(text);
  const grid = useServerGrid();
  const list = useCategories(grid.query, search);
  const all = useAllCategories();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const [dialog, setDialog] = useState<DialogState>(null);
  const canUpdate = session.can('update-category');
  const canDelete = session.can('delete-category');
  const names = useMemo(() => new Map((all.data ?? []).map((c) => [c.id, c.name])), [all.data]);

  const columns = useMemo<GridColDef<Category>[]>(() => {
    const cols: GridColDef<Category>[] = [
      { field: 'name', headerName: t('fields.name'), flex: 1, minWidth: 160 },
      {
        field: 'parent', headerName: t('fields.parent'), flex: 1, minWidth: 140, sortable: false,
        valueGetter: (_v, row) => row.parent?.name ?? (row.parent_id ? (names.get(row.parent_id) ?? '') : ''),
      },
    ];
    if (canUpdate || canDelete) {
      cols.push({
        field: 'actions', type: 'actions', headerName: t('list.actions'), width: phone ? 56 : 96,
        getActions: ({ row }) => [
          ...(canUpdate
            ? [<GridActionsCellItem key="edit" icon={<EditOutlined />} label={t('actions.edit')} onClick={() => setDialog({ kind: 'form', category: row })} showInMenu={phone} />]
            : []),
          ...(canDelete
            ? [<GridActionsCellItem key="delete" icon={<DeleteOutline />} label={t('actions.delete')} onClick={() => setDialog({ kind: 'delete', category: row })} showInMenu />]
            : []),
        ],
      });
    }
    return cols;
  }, [t, phone, canUpdate, canDelete, names]);

  return (
    <ListPage
      title={t('categories.title')}
      toolbar={
        <ListToolbar
          searchLabel={t('categories.search')}
          search={text}
          onSearchChange={(value) => {
            setText(value);
            grid.resetPage();
          }}
          action={
            session.can('create-category')
              ? { label: t('actions.createCategory'), icon: <Add />, onClick: () => setDialog({ kind: 'form', category: null }) }
              : undefined
          }
        />
      }
      error={list.isError ? { message: `${t('errors.loadCategories')}: ${list.error.message}`, onRetry: () => void list.refetch() } : null}
    >
      <ServerDataGrid
        rows={list.data?.data ?? []}
        columns={columns}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        emptyLabel={t('categories.empty')}
        hideOnPhone={[]}
      />
      <CategoryFormDialog
        open={dialog?.kind === 'form'}
        category={dialog?.kind === 'form' ? dialog.category : null}
        categories={all.data ?? []}
        onClose={() => setDialog(null)}
        onSubmit={async (body) => {
          const editing = dialog?.kind === 'form' ? dialog.category : null;
          await save.mutateAsync({ id: editing?.id, body });
          toast.success(t(editing ? 'notices.categoryUpdated' : 'notices.categoryCreated', { name: body.name }));
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('categories.delete.title')}
        message={t('categories.delete.message', { name: dialog?.kind === 'delete' ? dialog.category.name : '' })}
        confirmLabel={t('actions.delete')}
        destructive
        errorPrefix={t('errors.deleteCategory')}
        onClose={() => setDialog(null)}
        onConfirm={async () => {
          if (dialog?.kind !== 'delete') return;
          await remove.mutateAsync(dialog.category.id);
          toast.success(t('notices.categoryDeleted', { name: dialog.category.name }));
        }}
      />
    </ListPage>
  );
}

/** The form's text inputs, checked by the shared request schema (a blank parent is none). */
const ZCategoryForm = z
  .object({ name: z.string(), parent_id: z.string() })
  .transform((v): z.input<typeof ZCategoryCreate> => ({ name: v.name, parent_id: v.parent_id || null }))
  .pipe(ZCategoryCreate);
type CategoryForm = z.input<typeof ZCategoryForm>;

interface CategoryFormDialogProps {
  open: boolean;
  category: Category | null;
  categories: Category[];
  onClose(): void;
  onSubmit(body: CategoryBody): Promise<unknown>;
}

export function CategoryFormDialog({ open, category, categories, onClose, onSubmit }: CategoryFormDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { t } = useTranslation('catalog');
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="xs" aria-labelledby="category-form-title">
      <DialogTitle id="category-form-title">
        {category ? t('categories.editTitle', { name: category.name }) : t('categories.createTitle')}
      </DialogTitle>
      {open && <CategoryFormBody key={category?.id ?? 'new'} category={category} categories={categories} onClose={onClose} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function CategoryFormBody({ category, categories, onClose, onSubmit }: Omit<CategoryFormDialogProps, 'open'>) {
  const { t } = useTranslation('catalog');
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<CategoryForm, unknown, TCategoryCreate>({
    resolver: zodResolver(ZCategoryForm),
    defaultValues: { name: category?.name ?? '', parent_id: category?.parent_id ?? '' },
  });
  const field = useCatalogField(form);
  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await onSubmit({ name: values.name, parent_id: values.parent_id ?? null });
      onClose();
    } catch (error) {
      const { matched } = applyFieldErrors(error, (key) => (key === 'name' || key === 'parent_id' ? key : null), form.setError);
      if (!matched) setBanner(`${t(category ? 'errors.updateCategory' : 'errors.createCategory')}: ${errorText(error)}`);
    }
  });
  return (
    <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('actions.save')} submitting={form.formState.isSubmitting} onCancel={onClose}>
      <Stack spacing={2}>
        <TextField {...field('name')} label={t('fields.name')} required autoFocus />
        <TextField {...field('parent_id')} select label={t('fields.parent')} slotProps={NATIVE_SELECT}>
          <option value="">{t('categories.noParent')}</option>
          {categories
            .filter((c) => c.id !== category?.id)
            .map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
        </TextField>
      </Stack>
    </FormDialogBody>
  );
}
