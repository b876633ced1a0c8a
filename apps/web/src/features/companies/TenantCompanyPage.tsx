import { useTranslation } from 'react-i18next';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useSession } from '../../shared/session/useSession';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useOwnCompany, useSaveOwnCompany } from './api';
import { CompanyForm } from './CompanyForm';

/** /tenant_company: the company's own profile, address and order number prefix, as its users keep them. */
export function TenantCompanyPage() {
  const { t } = useTranslation('companies');
  const session = useSession();
  const toast = useToast();
  const company = useOwnCompany();
  const save = useSaveOwnCompany();
  const canEdit = session.can('update-company');

  if (company.isPending) return <LoadingState />;
  if (company.isError) {
    return <ErrorState message={`${t('errors.show')}: ${company.error.message}`} onRetry={() => void company.refetch()} />;
  }
  const data = company.data;
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h5" component="h1">{t('own.title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{t('own.intro')}</Typography>
      {!canEdit && <Alert severity="info" sx={{ mb: 2 }}>{t('own.readOnly')}</Alert>}
      <Card variant="outlined">
        <CardContent>
          <CompanyForm
            key={data.updated_at}
            company={data}
            audience="tenant"
            readOnly={!canEdit}
            submitLabel={t('actions.save')}
            failure={t('errors.update')}
            onSubmit={async ({ subdomain: _owners, ...values }) => {
              const saved = await save.mutateAsync(values);
              toast.success(t('notices.updated', { name: saved.name }));
            }}
          />
        </CardContent>
      </Card>
    </Box>
  );
}
