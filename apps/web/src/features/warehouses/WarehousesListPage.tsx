import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import AddHomeWork from '@mui/icons-material/AddHomeWork';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { useServerGrid } from '../../shared/ui/data-grid';
import { FilterSelect, ListToolbar } from '../../shared/ui/ListToolbar';
import { ListPage } from '../../shared/ui/ListPage';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useWarehouses } from './api';
import { STATUSES } from './warehouse-form';
import { WarehousesGrid } from './WarehousesGrid';

/** Owner: the platform's warehouses (spec 2 /admin/warehouses). */
export function WarehousesListPage() {
  const { t } = useTranslation('warehouses');
  const session = useSession();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const search = useDebounced(text);
  const grid = useServerGrid();
  const list = useWarehouses({ ...grid.query, search, status });

  return (
    <ListPage
      title={t('list.title')}
      toolbar={
        <ListToolbar
          searchLabel={t('list.search')}
          search={text}
          onSearchChange={(next) => {
            setText(next);
            grid.resetPage();
          }}
          action={
            session.can('create-warehouse')
              ? { label: t('actions.create'), icon: <AddHomeWork />, onClick: () => void navigate(pathOf('warehouse-create')) }
              : undefined
          }
        >
          <FilterSelect
            label={t('list.status')}
            value={status}
            onChange={(next) => {
              setStatus(next);
              grid.resetPage();
            }}
            allLabel={t('list.allStatuses')}
            options={STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          />
        </ListToolbar>
      }
      error={list.isError ? { message: `${t('errors.load')}: ${list.error.message}`, onRetry: () => void list.refetch() } : null}
    >
      <WarehousesGrid
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        emptyLabel={search || status ? t('list.noMatch') : t('list.empty')}
      />
    </ListPage>
  );
}
