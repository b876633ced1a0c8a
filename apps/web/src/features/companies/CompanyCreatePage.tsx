import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Paper, Typography } from '@mui/material';
import { pathOf } from '../../shared/routing/routes-table';
import { useToast } from '../../shared/ui/toast';
import { useSaveCompany } from './api';
import { CompanyForm } from './CompanyForm';

export function CompanyCreatePage() {
  const { t } = useTranslation('companies');
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSaveCompany();

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('create.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <CompanyForm
          company={null}
          submitLabel={t('actions.createSubmit')}
          failure={t('errors.create')}
          onCancel={() => void navigate(pathOf('list-companies'))}
          onSubmit={async (values) => {
            const company = await save.mutateAsync({ values });
            toast.success(t('notices.created', { name: company.name }));
            // Next steps (users, ilocs) live on the configuration page.
            void navigate(pathOf('company-conf', { id: company.id }));
          }}
        />
      </Paper>
    </Box>
  );
}
