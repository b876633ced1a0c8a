import type { ReactNode } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../shared/ui/BrandMark';
import { homePathFor } from '../../shared/routing/guard';
import { useSession } from '../../shared/session/useSession';

interface ErrorPageProps {
  code: string;
  title: string;
  body: string;
  icon: ReactNode;
}

/** Full-page error with a way home (signed in) or to sign-in (signed out), and a way back. */
export function ErrorPage({ code, title, body, icon }: ErrorPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, role } = useSession();
  return (
    <Box component="main" id="main-content" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, bgcolor: 'background.default' }}>
      <Stack spacing={3} alignItems="center" sx={{ maxWidth: 520, textAlign: 'center' }}>
        <Box sx={{ color: 'primary.main' }}>
          <BrandMark size={36} />
        </Box>
        <Box sx={{ width: 96, height: 96, borderRadius: '50%', bgcolor: 'action.hover', display: 'grid', placeItems: 'center', color: 'primary.main' }}>
          {icon}
        </Box>
        <Typography variant="overline" color="text.secondary" sx={{ letterSpacing: 2 }}>
          {code}
        </Typography>
        <Typography variant="h4" component="h1" sx={{ mt: -2.5 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{body}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ width: { xs: '100%', sm: 'auto' } }}>
          <Button variant="outlined" onClick={() => void navigate(-1)}>
            {t('actions.goBack')}
          </Button>
          {user ? (
            <Button variant="contained" component={RouterLink} to={homePathFor(role)}>
              {t('actions.goHome')}
            </Button>
          ) : (
            <Button variant="contained" component={RouterLink} to="/session/login">
              {t('actions.signIn')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
