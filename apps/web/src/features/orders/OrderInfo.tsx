import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Grid, Link, Paper, Typography } from '@mui/material';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import type { Order } from './api';
import { addressLines, formatDate, formatDateTime, personName } from '../../shared/format/format';

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `order-card-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, height: '100%', minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" id={id} sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Label/value pairs as a description list. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(110px, auto) 1fr', rowGap: 0.75, columnGap: 2 }}>
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value === '' || value === null || value === undefined ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Address({ lines, empty }: { lines: string[]; empty: string }) {
  if (!lines.length) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Box component="address" sx={{ fontStyle: 'normal' }}>
      {lines.map((line, i) => (
        <Typography key={i} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
      ))}
    </Box>
  );
}

/** Customer, addresses, shipping, the spec 3 dates, notes and metadata of one order. */
export function OrderInfo({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const session = useSession();
  const name = personName(order.customer) || order.customer?.email || '—';
  const customer =
    order.customer_id && session.can('read-organization') ? (
      <Link component={RouterLink} to={pathOf('customer-show', { id: order.customer_id })}>
        {name}
      </Link>
    ) : (
      name
    );
  const metadata = Object.entries(order.metadata ?? {});
  const billing = addressLines(order.billing_address);
  const sameBilling = billing.join('|') === addressLines(order.shipping_address).join('|');

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <Card title={t('form.customer')}>
          <Facts
            items={[
              [t('fields.customer'), customer],
              [t('address.email'), order.customer?.email],
              [t('address.phone'), order.customer?.phone],
              [t('address.company'), order.customer?.company],
            ]}
          />
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <Card title={t('fields.shippingAddress')}>
          <Address lines={addressLines(order.shipping_address)} empty={t('detail.noAddress')} />
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <Card title={t('fields.billingAddress')}>
          {sameBilling && billing.length ? (
            <Typography variant="body2" color="text.secondary">
              {t('detail.sameAsShipping')}
            </Typography>
          ) : (
            <Address lines={billing} empty={t('detail.noAddress')} />
          )}
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <Card title={t('form.shippingAndDates')}>
          <Facts
            items={[
              [t('fields.shipMethod'), order.ship_method ? t(`shipMethods.${order.ship_method}`, { defaultValue: order.ship_method }) : ''],
              [t('fields.carrier'), order.ship_carrier ? t(`carriers.${order.ship_carrier}`, { defaultValue: order.ship_carrier }) : ''],
              [t('fields.holdUntil'), order.hold_until ? formatDateTime(order.hold_until) : order.status === 'on_hold' ? t('detail.untilReleased') : ''],
              [t('fields.shipableDate'), formatDate(order.shipable_date)],
              [t('fields.deliverBy'), formatDate(order.deliver_by)],
            ]}
          />
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <Card title={t('detail.source')}>
          <Facts
            items={[
              [t('fields.channel'), order.channel],
              [t('fields.externalId'), order.external_id],
              [t('fields.createdAt'), formatDateTime(order.created_at)],
              [t('fields.updatedAt'), formatDateTime(order.updated_at)],
            ]}
          />
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <Card title={t('form.notesAndMetadata')}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mb: metadata.length ? 1.5 : 0 }} color={order.notes ? 'text.primary' : 'text.secondary'}>
            {order.notes || t('detail.noNotes')}
          </Typography>
          {metadata.length > 0 && (
            <Facts items={metadata.map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)])} />
          )}
        </Card>
      </Grid>
    </Grid>
  );
}
