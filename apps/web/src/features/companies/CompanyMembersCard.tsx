import { useState, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Button, Card, CardContent, CardHeader, Chip, Link, List, ListItem, ListItemText, Stack, Typography,
} from '@mui/material';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import { pathOf } from '../../shared/routing/routes-table';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { MEMBERS_SHOWN, useCompanyMembers } from './api';

/** The users feature's invitation dialog; app/composed hands it in, since a feature never imports another. */
export type InviteDialog = ComponentType<{ open: boolean; companyId: string; onClose: () => void }>;

interface CompanyMembersCardProps {
  companyId: string;
  canInvite: boolean;
  InviteUserDialog: InviteDialog;
}

export function CompanyMembersCard({ companyId, canInvite, InviteUserDialog }: CompanyMembersCardProps) {
  const { t } = useTranslation('companies');
  const members = useCompanyMembers(companyId);
  const [inviting, setInviting] = useState(false);
  const total = members.data?.total ?? 0;

  return (
    <Card variant="outlined">
      <CardHeader
        title={t('conf.users')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          canInvite && (
            <Button startIcon={<PersonAddAlt />} onClick={() => setInviting(true)}>
              {t('actions.invite')}
            </Button>
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {members.isPending && <LoadingState minHeight={120} />}
        {members.isError && (
          <ErrorState message={`${t('errors.users')}: ${members.error.message}`} onRetry={() => void members.refetch()} />
        )}
        {members.isSuccess && members.data.data.length === 0 && <EmptyState message={t('conf.noUsers')} />}
        {members.isSuccess && members.data.data.length > 0 && (
          <List dense disablePadding>
            {members.data.data.map((member) => (
              <ListItem key={member.id} divider disableGutters>
                <ListItemText
                  primary={member.name}
                  secondary={member.email}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                  sx={{ minWidth: 0 }}
                />
                <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0, ml: 1 }}>
                  {member.roles.slice(0, 1).map((role) => (
                    <Chip key={role} size="small" label={t(`roles.${role}`, { defaultValue: role })} />
                  ))}
                  {member.disabled && <Chip size="small" variant="outlined" label={t('conf.disabled')} />}
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
        {total > MEMBERS_SHOWN && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('conf.moreUsers', { count: total - MEMBERS_SHOWN })}{' '}
            <Link component={RouterLink} to={pathOf('users-list')}>
              {t('conf.allUsers')}
            </Link>
          </Typography>
        )}
      </CardContent>
      <InviteUserDialog open={inviting} companyId={companyId} onClose={() => setInviting(false)} />
    </Card>
  );
}
