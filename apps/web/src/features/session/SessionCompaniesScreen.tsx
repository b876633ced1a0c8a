import { useState } from 'react';
import { Alert, Avatar, Button, Chip, List, ListItem, ListItemAvatar, ListItemText, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SessionCompanyDto } from '@omnio/domain';
import { http } from '../../shared/api/http';
import { useSession } from '../../shared/session/useSession';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { AuthHeading } from './AuthHeading';
import { useLanding } from './useLanding';

type SessionCompany = SessionCompanyDto;

/** Lists the user's companies; choosing one makes it active, reloads the user and lands. */
export function SessionCompaniesScreen() {
  const { t } = useTranslation();
  const { reloadUser, logout } = useSession();
  const land = useLanding();
  const [choosing, setChoosing] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const query = useQuery({ queryKey: ['session-companies'], queryFn: () => http.get<{ data: SessionCompany[] }>('/session/companies') });

  const choose = async (company: SessionCompany) => {
    setChoosing(company.id);
    setFailure(null);
    try {
      await http.post('/session/active-company', { company_id: company.id });
      land(await reloadUser());
    } catch {
      setFailure(t('companies.failed'));
      setChoosing(null);
    }
  };

  return (
    <>
      <AuthHeading title={t('companies.title')} subtitle={t('companies.subtitle')} />
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {query.isPending && <LoadingState minHeight={160} />}
      {query.isError && <ErrorState message={t('status.loadFailed', { item: t('items.companies') })} onRetry={() => void query.refetch()} />}
      {query.data && query.data.data.length === 0 && <EmptyState message={t('companies.empty')} />}
      {query.data && query.data.data.length > 0 && (
        <List sx={{ border: 1, borderColor: 'divider', borderRadius: 2, py: 0 }}>
          {query.data.data.map((company, index) => (
            <ListItem
              key={company.id}
              divider={index < (query.data?.data.length ?? 0) - 1}
              secondaryAction={
                <Button variant={company.active ? 'contained' : 'outlined'} size="small" disabled={choosing !== null} onClick={() => void choose(company)}>
                  {t('companies.choose')}
                </Button>
              }
            >
              <ListItemAvatar>
                <Avatar sx={{ bgcolor: 'primary.main' }}>{company.name.slice(0, 1).toUpperCase()}</Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} alignItems="center">
                    <span>{company.name}</span>
                    {company.active && <Chip size="small" label={t('companies.active')} />}
                  </Stack>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      <Button onClick={() => void logout()} sx={{ mt: 3 }} fullWidth>
        {t('layout.logout')}
      </Button>
    </>
  );
}
