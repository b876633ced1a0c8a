import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar, Box, Button, Card, CardActions, CardContent, Chip, Grid, Link, Stack, Typography } from '@mui/material';
import AddLinkIcon from '@mui/icons-material/AddLink';
import type { ServiceCatalogItem } from '@omnio/domain';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { PageHeader } from '../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { errorText } from '../../shared/ui/form-helpers';
import { useCatalog, useChannelProcesses } from './api';
import { hasConnector, serviceKeyOf, setupPathOf } from './setup';

/** /integrations: the owner's catalogue as cards; a service with a working connector can be connected. */
export function IntegrationsPage() {
  const { t } = useTranslation('channels');
  const { can } = useSession();
  const catalog = useCatalog();
  // Up to 100 connections is plenty to count them per channel.
  const processes = useChannelProcesses({ page: 1, perPage: 100 }, { enabled: can('read-process') });
  const installed = new Map<string, number>();
  for (const p of processes.data?.data ?? []) installed.set(serviceKeyOf(p), (installed.get(serviceKeyOf(p)) ?? 0) + 1);

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('integrations.title')}
        subtitle={t('integrations.intro')}
        actions={can('read-process') && (
          <Button component={RouterLink} to={pathOf('connections')} variant="outlined">
            {t('integrations.myConnections')}
          </Button>
        )}
      />
      {catalog.isPending ? (
        <LoadingState label={t('integrations.loading')} />
      ) : catalog.isError ? (
        <ErrorState message={`${t('integrations.loadFailed')}: ${errorText(catalog.error)}`} onRetry={() => void catalog.refetch()} />
      ) : catalog.data.length === 0 ? (
        <EmptyState message={t('integrations.empty')} />
      ) : (
        <Grid container spacing={2} component="ul" aria-label={t('integrations.title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {/* What a seller can connect today comes first; the rest keeps the catalogue's order. */}
          {[...catalog.data].sort((a, b) => Number(hasConnector(b.key)) - Number(hasConnector(a.key))).map((service) => (
            <Grid key={service.key} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
              <ServiceCard service={service} connected={installed.get(service.key) ?? 0} canCreate={can('create-process')} />
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}

function ServiceCard({ service, connected, canCreate }: { service: ServiceCatalogItem; connected: number; canCreate: boolean }) {
  const { t } = useTranslation('channels');
  const titleId = `service-${service.key}-title`;
  const paused = service.status === 'PAUSE' || !service.installable;
  const setup = setupPathOf(service.key);

  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
          <Avatar src={service.logo_url ?? undefined} alt="" variant="rounded" sx={{ width: 44, height: 44 }}>
            {service.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="h6" component="h2" id={titleId} sx={{ fontSize: 18, overflowWrap: 'anywhere' }}>
              {service.name}
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              <Chip size="small" label={t(`categories.${service.category}`, { defaultValue: service.category })} />
              {paused && <Chip size="small" color="warning" variant="outlined" label={t('integrations.paused')} />}
            </Stack>
          </Box>
        </Stack>
        {service.description && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {service.description}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
        {connected > 0 ? (
          <Link component={RouterLink} to={pathOf('connections')} variant="body2" data-testid={`connected-${service.key}`}>
            {t('integrations.connected', { count: connected })}
          </Link>
        ) : (
          <span />
        )}
        {paused ? (
          <Typography variant="body2" color="text.secondary">{t('integrations.pausedHint')}</Typography>
        ) : setup ? (
          canCreate && (
            <Button
              component={RouterLink}
              to={setup}
              variant="contained"
              size="small"
              startIcon={<AddLinkIcon />}
              aria-label={t('integrations.connectNamed', { name: service.name })}
            >
              {t('integrations.connect')}
            </Button>
          )
        ) : (
          <Chip size="small" variant="outlined" label={t('integrations.notAvailable')} />
        )}
      </CardActions>
    </Card>
  );
}
