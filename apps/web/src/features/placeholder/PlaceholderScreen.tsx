import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import { useTranslation } from 'react-i18next';
import { useCurrentRoute } from '../../shared/routing/useCurrentRoute';
import { PageHeader } from '../../shared/ui/PageHeader';

/** Stands in for screens that later releases build, inside the normal shell and under the normal guard. */
export function PlaceholderScreen() {
  const { t } = useTranslation();
  const match = useCurrentRoute();
  const title = match ? t(`routes.${match.route.name}`) : t('app.name');
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardContent sx={{ py: { xs: 5, sm: 8 }, px: 3 }}>
          <Stack alignItems="center" spacing={2} sx={{ textAlign: 'center', maxWidth: 560, mx: 'auto' }}>
            <Box
              sx={{ width: 72, height: 72, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'action.hover', color: 'primary.main' }}
            >
              <ConstructionOutlinedIcon sx={{ fontSize: 36 }} aria-hidden />
            </Box>
            <Chip label={t('placeholder.badge')} color="primary" variant="outlined" size="small" />
            <Typography variant="h6" component="h2">
              {t('placeholder.title', { screen: title })}
            </Typography>
            <Typography color="text.secondary">{t('placeholder.body')}</Typography>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
