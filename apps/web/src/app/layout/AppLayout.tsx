import { useEffect, useState } from 'react';
import { Alert, Box, Link, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Customizer } from './Customizer';
import { UserTour } from '../tour/UserTour';
import { Header } from './Header';
import { ROUTE_KEYFRAMES } from './route-animations';
import { Sidebar } from './Sidebar';
import { SubscriptionBanner } from './SubscriptionBanner';
import { usePublicSettings } from '../../shared/settings/public-settings';
import { useThemePreference } from './ThemePreferenceProvider';

/** Spec 2: content scrolls to the top 200 ms after navigating. */
export const SCROLL_RESET_MS = 200;

/** The signed-in shell: sidebar, header, banner, animated content, customizer. */
export function AppLayout() {
  const { t } = useTranslation();
  // The owner's maintenance notice (general settings), shown to everyone signed in.
  const maintenance = usePublicSettings().data?.maintenance_banner?.trim();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { preference, update } = useThemePreference();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [customizerOpen, setCustomizerOpen] = useState(false);
  const collapsed = !phone && preference.collapsed;

  useEffect(() => {
    const timer = window.setTimeout(() => window.scrollTo({ top: 0 }), SCROLL_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [location.pathname]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Link
        href="#main-content"
        sx={{
          position: 'absolute',
          insetInlineStart: 8,
          top: -48,
          zIndex: (z) => z.zIndex.tooltip + 1,
          bgcolor: 'background.paper',
          px: 2,
          py: 1,
          borderRadius: 1,
          boxShadow: 3,
          '&:focus': { top: 8 },
        }}
      >
        {t('layout.skipToContent')}
      </Link>
      <UserTour />
      <Sidebar temporary={phone} open={drawerOpen} collapsed={collapsed} onClose={() => setDrawerOpen(false)} />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Header
          phone={phone}
          collapsed={collapsed}
          onToggleSidebar={() => (phone ? setDrawerOpen(true) : update({ collapsed: !preference.collapsed }))}
          onOpenCustomizer={() => setCustomizerOpen(true)}
        />
        {maintenance ? (
          <Alert severity="warning" square role="status">
            {maintenance}
          </Alert>
        ) : null}
        <SubscriptionBanner />
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ flex: 1, p: { xs: 2, sm: 3, lg: 4 }, outline: 'none', maxWidth: 1600, width: '100%', mx: 'auto' }}
        >
          <Box key={location.pathname} sx={{ animation: `${ROUTE_KEYFRAMES[preference.animation]} 0.35s ease-out both` }}>
            <Outlet />
          </Box>
        </Box>
      </Box>
      <Customizer open={customizerOpen} onClose={() => setCustomizerOpen(false)} />
    </Box>
  );
}
