import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import WarehouseOutlined from '@mui/icons-material/WarehouseOutlined';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useCompany, useSaveCompany } from './api';
import { CompanyForm } from './CompanyForm';
import { CompanyMembersCard, type InviteDialog } from './CompanyMembersCard';

/** Owner: one company's details, its users and invitations, and a way to its ilocs. */
export function CompanyConfPage({ InviteUserDialog }: { InviteUserDialog: InviteDialog }) {
  const { t } = useTranslation('companies');
  const { id } = useParams<{ id: string }>();
  const session = useSession();
  const toast = useToast();
  const company = useCompany(id);
  const save = useSaveCompany();

  if (company.isPending) return <LoadingState />;
  if (company.isError) {
    return <ErrorState message={`${t('errors.show')}: ${company.error.message}`} onRetry={() => void company.refetch()} />;
  }
  const data = company.data;

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {data.name}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={pathOf('list-companies')} startIcon={<ArrowBack />}>
            {t('actions.back')}
          </Button>
          <Button
            component={RouterLink}
            to={`${pathOf('iLocs')}?company=${encodeURIComponent(data.id)}`}
            variant="outlined"
            startIcon={<WarehouseOutlined />}
          >
            {t('conf.ilocs')}
          </Button>
        </Stack>
      </Stack>
      <Stack spacing={3}>
        <Card variant="outlined">
          <CardHeader title={t('conf.details')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
          <CardContent sx={{ pt: 0 }}>
              <CompanyForm
                key={data.id}
                company={data}
                readOnly={!session.can('update-company')}
                submitLabel={t('actions.save')}
                failure={t('errors.update')}
                onSubmit={async (values) => {
                  await save.mutateAsync({ id: data.id, values });
                  toast.success(t('notices.updated', { name: values.name }));
                }}
              />
          </CardContent>
        </Card>
        <CompanyMembersCard companyId={data.id} canInvite={session.can('create-user')} InviteUserDialog={InviteUserDialog} />
      </Stack>
    </Box>
  );
}
