import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import AddBusiness from '@mui/icons-material/AddBusiness';
import Search from '@mui/icons-material/Search';
import { pathOf } from '../../app/routes-table';
import { useSession } from '../../shared/session/useSession';
import { useCompanies } from './api';
import { CompaniesGrid } from './CompaniesGrid';
import { useDebounced, useServerGrid } from './grid';

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
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, mb: 2 }}>
        <TextField
          type="search"
          size="small"
          label={t('list.search')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            grid.resetPage();
          }}
          sx={{ width: { xs: '100%', md: 300 }, flex: 'none' }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
        />
        {session.can('create-company') && (
          <Button
            variant="contained"
            startIcon={<AddBusiness />}
            onClick={() => void navigate(pathOf('company-create'))}
            sx={{ ml: { md: 'auto !important' }, whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {t('actions.create')}
          </Button>
        )}
      </Stack>
      {list.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={<Button color="inherit" size="small" onClick={() => void list.refetch()}>{t('actions.retry')}</Button>}
        >
          {t('errors.load')}: {list.error.message}
        </Alert>
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
