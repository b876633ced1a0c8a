import { useTranslation } from 'react-i18next';
import { Alert, Avatar, Box, Button, Card, CardContent, CardHeader, Chip, Stack, Typography } from '@mui/material';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import { LANGUAGES, type Language } from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useSendPasswordLink, useUpdateProfile } from './api';
import { ProfileForm } from './ProfileForm';

function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((part) => part[0]?.toUpperCase() ?? '').join('');
}

/** The signed-in user's own profile, for every role (tenant, owner and supplier routes show it). */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const session = useSession();
  const toast = useToast();
  const user = session.user;
  const update = useUpdateProfile(user?.id ?? '');
  const passwordLink = useSendPasswordLink();

  if (!user) return <LoadingState />;
  const language: Language = (LANGUAGES as readonly string[]).includes(user.language) ? (user.language as Language) : 'en';

  return (
    <Box sx={{ maxWidth: 900 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <Stack spacing={3}>
        <Card variant="outlined">
          <CardContent>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main' }} aria-hidden>
                {initials(user.name)}
              </Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h6" component="p" noWrap>
                  {user.name}
                </Typography>
                <Typography color="text.secondary" noWrap>
                  {user.email}
                </Typography>
              </Box>
            </Stack>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }} aria-label={t('fields.roles')}>
              {user.roles.map((role, index) => (
                <Chip key={role} variant={index === 0 ? 'filled' : 'outlined'} color="primary" label={t(`roles.${role}`, { defaultValue: role })} />
              ))}
              <Chip variant="outlined" label={user.company ? `${t('fields.company')}: ${user.company.name}` : t('noCompany')} />
            </Stack>
          </CardContent>
        </Card>

        <Card variant="outlined">
          <CardHeader title={t('details')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
          <CardContent sx={{ pt: 0 }}>
            <ProfileForm
              key={user.id}
              initial={{ name: user.name, email: user.email, language }}
              onSubmit={async (values) => {
                await update.mutateAsync(values);
                await session.reloadUser();
                toast.success(t('notices.saved'));
              }}
            />
          </CardContent>
        </Card>

        <Card variant="outlined">
          <CardHeader title={t('password.title')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
          <CardContent sx={{ pt: 0 }}>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('password.explain', { email: user.email })}
            </Typography>
            {passwordLink.isSuccess && (
              <Alert severity="success" sx={{ mb: 2 }}>
                {t('password.sent', { email: user.email })}
              </Alert>
            )}
            {passwordLink.isError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {t('password.failed')}: {passwordLink.error.message}
              </Alert>
            )}
            <Button
              variant="outlined"
              startIcon={<LockResetOutlined />}
              loading={passwordLink.isPending}
              onClick={() => passwordLink.mutate(user.email)}
            >
              {t('password.send')}
            </Button>
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
