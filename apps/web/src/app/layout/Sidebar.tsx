import { Box, Chip, Drawer, Link, Stack, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/useSession';
import { homePathFor } from '../../shared/routing/guard';
import { APP_VERSION } from '../version';
import { BrandMark } from '../../shared/ui/BrandMark';
import { SidebarNav } from './SidebarNav';
import { HEADER_HEIGHT, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from './theme';
import { SIDEBAR_IMAGES } from './theme-options';
import { useThemePreference } from './ThemePreferenceProvider';
import { useMenu } from '../../shared/navigation/useMenu';

interface SidebarProps {
  /** Phones get a temporary drawer that closes after each navigation. */
  temporary: boolean;
  open: boolean;
  collapsed: boolean;
  onClose: () => void;
}

export function Sidebar({ temporary, open, collapsed, onClose }: SidebarProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const { role, company } = useSession();
  const { preference } = useThemePreference();
  const entries = useMenu();
  const width = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  const { shell } = theme;
  const image = SIDEBAR_IMAGES[preference.sidebarImage];
  const rtl = theme.direction === 'rtl';

  const content = (
    <Box
      component="nav"
      data-tour="sidebar"
      aria-label={t('layout.mainNavigation')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', color: shell.sidebarText }}
    >
      <Stack direction="row" alignItems="center" sx={{ height: HEADER_HEIGHT, px: collapsed ? 2 : 2.5, flexShrink: 0 }}>
        <Link
          component={RouterLink}
          to={homePathFor(role)}
          aria-label={t('layout.home')}
          onClick={temporary ? onClose : undefined}
          sx={{ color: 'inherit', textDecoration: 'none', borderRadius: 1 }}
        >
          <BrandMark compact={collapsed} size={32} />
        </Link>
      </Stack>
      {temporary && company && (
        <Typography variant="body2" noWrap sx={{ px: 2.5, pb: 1, color: shell.sidebarMuted, fontWeight: 600 }}>
          {company.name}
        </Typography>
      )}
      <Box
        sx={{
          flex: 1,
          overflowY: 'auto',
          overflowX: 'hidden',
          px: 1,
          '& .MuiListItemButton-root': { borderRadius: 2, mb: 0.25, minHeight: 40, color: shell.sidebarText },
          '& .MuiListItemIcon-root': { color: shell.sidebarMuted, minWidth: 36 },
          '& .MuiListItemButton-root:hover': { bgcolor: alpha(shell.sidebarText, 0.08) },
          '& .MuiListItemButton-root.Mui-selected, & .MuiListItemButton-root.Mui-selected:hover': {
            bgcolor: shell.sidebarIsLight ? alpha(theme.palette.primary.main, 0.12) : alpha('#ffffff', 0.16),
            color: shell.sidebarIsLight ? theme.palette.primary.main : '#fff',
            '& .MuiListItemIcon-root': { color: 'inherit' },
          },
          '& .MuiListItemButton-root.Mui-focusVisible': { outline: `2px solid ${alpha(shell.sidebarText, 0.8)}`, outlineOffset: -2 },
        }}
      >
        <SidebarNav entries={entries} collapsed={collapsed} rtl={rtl} onNavigate={temporary ? onClose : undefined} />
      </Box>
      <Box sx={{ p: 2, display: 'flex', justifyContent: collapsed ? 'center' : 'flex-start', flexShrink: 0 }}>
        <Chip
          label={APP_VERSION}
          size="small"
          aria-label={t('layout.version', { version: APP_VERSION })}
          sx={{
            color: shell.sidebarMuted,
            bgcolor: alpha(shell.sidebarText, 0.08),
            fontWeight: 600,
            fontSize: collapsed ? 11 : 12,
            '& .MuiChip-label': { px: collapsed ? 0.75 : 1, overflow: 'visible' },
          }}
        />
      </Box>
    </Box>
  );

  const paperSx = {
    width,
    boxSizing: 'border-box',
    // Written for left-to-right like all our CSS: the RTL emotion cache mirrors it (direction-cache.ts).
    borderRight: shell.sidebarIsLight ? `1px solid ${theme.palette.divider}` : 'none',
    backgroundColor: shell.sidebarBg,
    backgroundImage: shell.sidebarIsLight ? 'none' : image,
    backgroundSize: preference.sidebarImage === 3 ? '18px 18px' : 'cover',
    overflowX: 'hidden',
    transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
  } as const;

  if (temporary) {
    return (
      <Drawer
        variant="temporary"
        anchor="left"
        open={open}
        onClose={onClose}
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { sx: { ...paperSx, width: SIDEBAR_WIDTH } } }}
      >
        {content}
      </Drawer>
    );
  }
  return (
    // anchor "left" is the start side: MUI and the RTL stylesheet put it on the right in right-to-left.
    <Drawer variant="permanent" anchor="left" open sx={{ width, flexShrink: 0 }} slotProps={{ paper: { sx: paperSx } }}>
      {content}
    </Drawer>
  );
}
