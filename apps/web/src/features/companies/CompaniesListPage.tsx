import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import AddBusiness from '@mui/icons-material/AddBusiness';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { useServerGrid } from '../../shared/ui/data-grid';
import { ListToolbar } from '../../shared/ui/ListToolbar';
import { ListPage } from '../../shared/ui/ListPage';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useCompanies } from './api';
import { CompaniesGrid } from './CompaniesGrid';

/** Owner: every company (tenant) of the platform. */
export function CompaniesListPage() {
  const { t } = useTranslation('companies');
  const session = useSession();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const search = useDebounced(text);
  const grid = useServerGrid();
  const list = useCompanies({ ...grid.query, search });

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
            session.can('create-company')
              ? { label: t('actions.create'), icon: <AddBusiness />, onClick: () => void navigate(pathOf('company-create')) }
              : undefined
          }
        />
      }
      error={list.isError ? { message: `${t('errors.load')}: ${list.error.message}`, onRetry: () => void list.refetch() } : null}
    >
      <CompaniesGrid
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        emptyLabel={search ? t('list.noMatch') : t('list.empty')}
      />
    </ListPage>
  );
}
