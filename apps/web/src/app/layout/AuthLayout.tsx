import { useMemo } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { ThemeProvider, alpha, useTheme } from '@mui/material/styles';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../shared/ui/BrandMark';
import { LanguageSwitch } from './LanguageSwitch';
import { useCustomLogin } from '../../shared/settings/custom-login';
import { loginBackgroundSx, withPrimary } from '../../features/platform-settings/login-look';

const HIGHLIGHTS = ['orders', 'inventory', 'supply'] as const;

/** Sign-in, sign-up and password screens: a brand panel beside the form, the form alone on phones. */
export function AuthLayout() {
  const { t } = useTranslation();
  // The owner's custom login look (logo, colours, background); the built-in one until it loads or if it fails.
  const { data: look } = useCustomLogin();
  const base = useTheme();
  const theme = useMemo(() => withPrimary(base, look?.primary_color), [base, look?.primary_color]);
  const logo = (size: number) =>
    look?.logo_url ? (
      <Box component="img" src={look.logo_url} alt={look.app_name} sx={{ height: size, maxWidth: 220, objectFit: 'contain' }} />
    ) : (
      <BrandMark size={size} />
    );
  return (
    <ThemeProvider theme={theme}>
      <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' } }}>
        <Box
          sx={(theme) => ({
            display: { xs: 'none', md: 'flex' },
            flexDirection: 'column',
            justifyContent: 'space-between',
            p: 6,
            color: '#fff',
            background: `linear-gradient(150deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${alpha(theme.palette.primary.light, 0.95)} 100%)`,
          })}
        >
          {logo(40)}
          <Stack spacing={3} sx={{ maxWidth: 440 }}>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1.25 }}>
              {t('app.tagline')}
            </Typography>
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {HIGHLIGHTS.map((key) => (
                <Stack component="li" key={key} direction="row" spacing={1.5} alignItems="center">
                  <CheckCircleOutlineIcon aria-hidden sx={{ opacity: 0.9 }} />
                  <Typography>{t(`app.highlights.${key}`)}</Typography>
                </Stack>
              ))}
            </Stack>
          </Stack>
          <Typography variant="body2" sx={{ opacity: 0.75 }}>
            {t('app.copyright', { year: new Date().getFullYear() })}
          </Typography>
        </Box>
        <Box sx={[{ display: 'flex', flexDirection: 'column' }, loginBackgroundSx(look) as object]}>
          <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ px: { xs: 2, sm: 4 }, py: 2 }}>
            <Box sx={{ display: { md: 'none' }, color: 'primary.main' }}>
              {logo(30)}
            </Box>
            <Box sx={{ flex: 1 }} />
            <LanguageSwitch />
          </Stack>
          <Box component="main" id="main-content" sx={{ flex: 1, display: 'grid', placeItems: 'center', px: { xs: 2, sm: 4 }, pb: 6 }}>
            <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: { xs: 3, sm: 5 } }}>
              <Outlet />
            </Paper>
          </Box>
        </Box>
      </Box>
    </ThemeProvider>
  );
}
