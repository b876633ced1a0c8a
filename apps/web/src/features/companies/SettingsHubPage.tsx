import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { MENU_ICONS } from '../../shared/navigation/menu-icons';
import type { MenuEntry } from '../../shared/navigation/menus';
import { useMenu } from '../../shared/navigation/useMenu';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';

/**
 * /settings: every settings screen the user may open, as cards — the company's own profile first, then the
 * entries of the sidebar's Settings group (already filtered by the user's permissions).
 */
export function SettingsHubPage() {
  const { t } = useTranslation('companies');
  const { t: tc } = useTranslation('common');
  const { can } = useSession();
  const menu = useMenu();
  const group = menu.find((e) => e.title === 'menu.settings');
  const own = pathOf('settings');
  const entries: MenuEntry[] = [
    ...(can('update-company') ? [{ title: 'routes.tenant-company', icon: 'business', path: pathOf('tenant-company') } satisfies MenuEntry] : []),
    ...(group?.items ?? []).filter((e) => e.path && e.path !== own),
  ];
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>{tc('routes.settings')}</Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{t('hub.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
          {entries.map((entry) => {
            const Icon = entry.icon ? MENU_ICONS[entry.icon] : undefined;
            return (
              <Box component="li" key={entry.path}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea component={RouterLink} to={entry.path!} sx={{ height: '100%' }}>
                    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                      {Icon && <Icon color="primary" aria-hidden />}
                      <Typography variant="subtitle1" component="span">{entry.text ?? tc(entry.title)}</Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
