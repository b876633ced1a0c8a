import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { flattenMenu } from '../../shared/navigation/menus';
import { MENU_ICONS } from '../../shared/navigation/menu-icons';
import { useMenu } from '../../shared/navigation/useMenu';
import { useCurrentRoute } from '../../shared/routing/useCurrentRoute';
import { useSession } from '../../shared/session/useSession';
import { PageHeader } from '../../shared/ui/PageHeader';

const QUICK_LINKS = 6;

/** Welcome dashboard for owner and tenant until the analytics dashboard (a later issue) lands. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const { user, role, company } = useSession();
  const match = useCurrentRoute();
  const links = flattenMenu(useMenu())
    .filter((e) => e.path && !e.path.includes('dashboard'))
    .slice(0, QUICK_LINKS);
  const line = role === 'owner' ? t('dashboard.adminLine') : company ? t('dashboard.companyLine', { company: company.name }) : '';

  return (
    <>
      <PageHeader title={t(`routes.${match?.route.name ?? 'dashboard'}`)} />
      <Card sx={{ mb: 3, bgcolor: 'primary.main', color: 'primary.contrastText', border: 'none' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack direction="row" spacing={3} alignItems="center">
            <Box sx={{ flex: 1 }}>
              <Typography variant="h5" component="h2">
                {t('dashboard.welcome', { name: user?.name ?? '' })}
              </Typography>
              <Typography sx={{ mt: 1, opacity: 0.9 }}>{line}</Typography>
              <Typography sx={{ mt: 0.5, opacity: 0.75 }} variant="body2">
                {t('dashboard.soon')}
              </Typography>
            </Box>
            <InsightsOutlinedIcon sx={{ fontSize: 72, opacity: 0.35, display: { xs: 'none', sm: 'block' } }} aria-hidden />
          </Stack>
        </CardContent>
      </Card>
      {links.length > 0 && (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {t('dashboard.quickLinks')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
            {links.map((entry) => {
              const Icon = entry.icon ? MENU_ICONS[entry.icon] : undefined;
              return (
                <Card key={entry.path}>
                  <CardActionArea component={RouterLink} to={entry.path ?? '/'} sx={{ p: 2.5 }}>
                    <Stack direction="row" spacing={2} alignItems="center">
                      {Icon && (
                        <Box sx={{ width: 44, height: 44, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', color: 'primary.main' }}>
                          <Icon aria-hidden />
                        </Box>
                      )}
                      <Typography fontWeight={600} sx={{ flex: 1 }}>
                        {entry.text ?? t(entry.title)}
                      </Typography>
                      <ArrowForwardIcon fontSize="small" color="action" aria-hidden sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />
                    </Stack>
                  </CardActionArea>
                </Card>
              );
            })}
          </Box>
        </>
      )}
    </>
  );
}
