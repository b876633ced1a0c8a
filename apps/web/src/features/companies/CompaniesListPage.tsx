import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Typography } from '@mui/material';
import AddBusiness from '@mui/icons-material/AddBusiness';
import { pathOf } from '../../app/routes-table';
import { useSession } from '../../shared/session/useSession';
import { useServerGrid } from '../../shared/ui/data-grid';
import { ListToolbar } from '../../shared/ui/ListToolbar';
import { ErrorState } from '../../shared/ui/StateViews';
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
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('list.title')}
      </Typography>
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
      {list.isError && (
        <ErrorState message={`${t('errors.load')}: ${list.error.message}`} onRetry={() => void list.refetch()} sx={{ mb: 2 }} />
      )}
      <CompaniesGrid
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        emptyLabel={search ? t('list.noMatch') : t('list.empty')}
      />
    </Box>
  );
}
