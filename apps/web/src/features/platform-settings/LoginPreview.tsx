import { useMemo } from 'react';
import { Box, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../shared/ui/BrandMark';
import { loginBackgroundSx, withPrimary, type LoginLook } from './login-look';

/** A miniature of the sign-in page with the owner's unsaved choices, inert (nothing in it can be focused). */
export function LoginPreview({ look }: { look: LoginLook }) {
  const { t } = useTranslation('platformSettings');
  const { t: tc } = useTranslation();
  const base = useTheme();
  const theme = useMemo(() => withPrimary(base, look.primary_color), [base, look.primary_color]);
  return (
    <ThemeProvider theme={theme}>
      <Box
        role="img"
        aria-label={t('login.previewLabel')}
        inert
        sx={[{ borderRadius: 1, border: 1, borderColor: 'divider', p: { xs: 2, sm: 3 }, display: 'grid', placeItems: 'center', minHeight: 320 }, loginBackgroundSx(look) as object]}
      >
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 340, p: 3 }}>
          <Box sx={{ mb: 2, color: 'primary.main', display: 'flex', justifyContent: 'center' }}>
            {look.logo_url ? (
              <Box component="img" src={look.logo_url} alt="" data-testid="preview-logo" sx={{ maxHeight: 48, maxWidth: '100%' }} />
            ) : (
              <BrandMark size={28} />
            )}
          </Box>
          <Typography variant="h6" component="p" data-testid="preview-title">
            {look.title || tc('login.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {look.welcome_text || tc('login.subtitle')}
          </Typography>
          <Stack spacing={1.5}>
            <TextField size="small" label={t('login.previewUsername')} tabIndex={-1} />
            <TextField size="small" label={t('login.previewPassword')} tabIndex={-1} />
            <Button variant="contained" tabIndex={-1}>
              {t('login.previewSignIn')}
            </Button>
          </Stack>
          {look.show_signup_link && (
            <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
              <Link component="span">{t('login.previewSignup')}</Link>
            </Typography>
          )}
        </Paper>
      </Box>
    </ThemeProvider>
  );
}
