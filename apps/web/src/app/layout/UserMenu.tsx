import { useState } from 'react';
import { Avatar, Box, Divider, IconButton, ListItemIcon, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import HistoryIcon from '@mui/icons-material/History';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import TourOutlinedIcon from '@mui/icons-material/TourOutlined';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { readTour, saveTour, WELCOME_TOUR } from '../tour/tour-preference';

const PROFILE_PATH: Record<Role, string> = {
  owner: '/admin/users/user-profile',
  tenant: '/profile',
  supplier: '/supplier-profile',
};
const BILLING_PATH: Partial<Record<Role, string>> = { owner: '/admin/billing', tenant: '/billing' };

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** Who is signed in, at the top of the menu; not a menu item, so keyboard focus starts below it. */
function AccountSummary({ name, email, role }: { name: string; email: string; role: Role | null }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ px: 2, py: 1.5 }}>
      <Typography fontWeight={700} noWrap>
        {name}
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap>
        {email}
      </Typography>
      {role && (
        <Typography variant="caption" color="text.secondary">
          {t(`roles.${role}`)}
        </Typography>
      )}
    </Box>
  );
}
// MUI's MenuList skips children marked like this when it picks the item to focus first.
AccountSummary.muiSkipListHighlight = true;

/** Account menu: profile for the role, user activity (not the owner), billing, the welcome tour again, sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { t: tt } = useTranslation('tour');
  const navigate = useNavigate();
  const { user, role, logout, reloadUser } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu is placed by script, not by CSS, so the RTL stylesheet does not mirror it: align it to the avatar's end edge.
  const end = useTheme().direction === 'rtl' ? 'left' : 'right';
  if (!user) return null;

  const go = (path: string) => {
    setAnchor(null);
    void navigate(path);
  };
  const billing = role ? BILLING_PATH[role] : undefined;

  return (
    <>
      <Tooltip title={t('layout.userMenu')}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={`${t('layout.userMenu')}: ${user.name}`}
          data-tour="account"
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? 'user-menu' : undefined}
          sx={{ p: 0.5 }}
        >
          <Avatar sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: 14, fontWeight: 700 }}>{initials(user.name)}</Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: end }}
        transformOrigin={{ vertical: 'top', horizontal: end }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <AccountSummary name={user.name} email={user.email} role={role} />
        <Divider />
        {role && (
          <MenuItem onClick={() => go(PROFILE_PATH[role])}>
            <ListItemIcon>
              <PersonOutlineIcon fontSize="small" />
            </ListItemIcon>
            {t('layout.profile')}
          </MenuItem>
        )}
        {role !== 'owner' && (
          <MenuItem onClick={() => go('/activity')}>
            <ListItemIcon>
              <HistoryIcon fontSize="small" />
            </ListItemIcon>
            {t('layout.userActivity')}
          </MenuItem>
        )}
        {billing && (
          <MenuItem onClick={() => go(billing)}>
            <ListItemIcon>
              <CreditCardOutlinedIcon fontSize="small" />
            </ListItemIcon>
            {t('layout.billing')}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            // Enabled again and not done: the tour starts a second later, from its first step.
            const tour = readTour(user.preferences?.tour);
            void saveTour({ enabled: true, done: tour.done.filter((d) => d !== WELCOME_TOUR) }).then(() => reloadUser());
          }}
        >
          <ListItemIcon>
            <TourOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {tt('again')}
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('layout.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
