import { AppBar, Box, IconButton, Stack, Toolbar, Tooltip, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/useSession';
import { LanguageSwitch } from './LanguageSwitch';
import { NotificationBell } from './NotificationBell';
import { SearchBox } from './SearchBox';
import { HEADER_HEIGHT } from './theme';
import { UserMenu } from './UserMenu';

interface HeaderProps {
  phone: boolean;
  collapsed: boolean;
  onToggleSidebar: () => void;
  onOpenCustomizer: () => void;
}

export function Header({ phone, collapsed, onToggleSidebar, onOpenCustomizer }: HeaderProps) {
  const { t } = useTranslation();
  const { shell } = useTheme();
  const { company, role } = useSession();
  const toggleLabel = phone ? t('layout.openNavigation') : t(collapsed ? 'layout.expandSidebar' : 'layout.collapseSidebar');
  const companyName = role === 'owner' ? t('layout.platformAdmin') : (company?.name ?? t('layout.noCompany'));

  return (
    <AppBar
      position="sticky"
      elevation={0}
      sx={(theme) => ({
        bgcolor: shell.headerBg,
        color: shell.headerText,
        borderBottom: shell.headerIsLight ? `1px solid ${theme.palette.divider}` : 'none',
      })}
    >
      <Toolbar sx={{ minHeight: HEADER_HEIGHT, gap: { xs: 0.5, sm: 1.5 }, px: { xs: 1, sm: 2 } }}>
        <Tooltip title={toggleLabel}>
          <IconButton
            color="inherit"
            onClick={onToggleSidebar}
            aria-label={toggleLabel}
            aria-expanded={phone ? undefined : !collapsed}
            edge="start"
          >
            {/* An icon, not CSS: the RTL stylesheet does not mirror it, so its arrow is turned towards the sidebar here. */}
            {!phone && !collapsed ? <MenuOpenIcon sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        <SearchBox compact={phone} light={shell.headerIsLight} />
        <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 0, display: { xs: 'none', sm: 'flex' }, marginInlineStart: 1 }}>
          <BusinessOutlinedIcon fontSize="small" sx={{ opacity: 0.7 }} aria-hidden />
          <Typography noWrap fontWeight={600} sx={{ maxWidth: 260 }} data-testid="company-name">
            {companyName}
          </Typography>
        </Stack>
        <Box sx={{ flex: 1 }} />
        <LanguageSwitch />
        {(role === 'tenant' || role === 'supplier') && <NotificationBell />}
        <Tooltip title={t('layout.customizer')}>
          <IconButton color="inherit" onClick={onOpenCustomizer} aria-label={t('layout.customizer')} data-tour="customizer">
            <PaletteOutlinedIcon />
          </IconButton>
        </Tooltip>
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
