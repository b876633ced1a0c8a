import { Box, Paper, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './BrandMark';
import { LanguageSwitch } from './LanguageSwitch';

const HIGHLIGHTS = ['orders', 'inventory', 'supply'] as const;

/** Sign-in, sign-up and password screens: a brand panel beside the form, the form alone on phones. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
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
        <BrandMark size={40} />
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
      <Box sx={{ display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ px: { xs: 2, sm: 4 }, py: 2 }}>
          <Box sx={{ display: { md: 'none' }, color: 'primary.main' }}>
            <BrandMark size={30} />
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
  );
}
