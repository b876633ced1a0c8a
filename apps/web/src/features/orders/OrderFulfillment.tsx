import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Chip, Grid, Link, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import AssignmentReturnOutlined from '@mui/icons-material/AssignmentReturnOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import { isOrderShippable } from '@omnio/domain';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { useOrderReturnable, type Order } from './api';
import { formatDateTime } from '../../shared/format/format';
import { TrackingLink } from '../../shared/ui/TrackingLink';

/** Units reserved and not yet shipped: what a new shipment could take. */
export function unshippedAllocated(order: Order): number {
  return order.lines.reduce((sum, l) => sum + Math.max(0, l.qty_allocated - l.qty_shipped), 0);
}

function Panel({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, height: '100%', minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" id={id} sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

function SmallTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <TableContainer tabIndex={0} aria-label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((cells, i) => (
            <TableRow key={i}>
              {cells.map((c, j) => (
                <TableCell key={j} sx={{ overflowWrap: 'anywhere' }}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Shipments and returns of the order, and "Create shipment" when there is something reserved to ship. */
export function OrderFulfillment({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const session = useSession();
  const shipments = order.shipments ?? [];
  const returns = order.returns ?? [];
  const shippable = isOrderShippable(order.status) && unshippedAllocated(order) > 0 && session.can('create-shipment');
  const upper = (s: string) => s.replace(/_/g, ' ');
  // A return starts on the Returns screen (it needs read-returns to show the return made); asked only when
  // some shipped unit is not back yet — open or approved returns may still claim the rest.
  const mayReturn = session.can('create-returns') && session.can('read-returns');
  const returnable = useOrderReturnable(order.id, mayReturn && order.lines.some((l) => l.qty_shipped > l.qty_returned));
  const canStartReturn = mayReturn && Boolean(returnable.data?.some((l) => l.returnable > 0));
  const returnsPath = (search: Record<string, string>) => `${pathOf('returns')}?${new URLSearchParams(search).toString()}`;

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <Panel
          id="order-shipments"
          title={t('detail.shipments', { count: shipments.length })}
          action={
            shippable && (
              <Button
                size="small"
                variant="contained"
                startIcon={<LocalShippingOutlined />}
                component={RouterLink}
                to={pathOf('shipment-create', { orderId: order.id })}
              >
                {t('detail.createShipment')}
              </Button>
            )
          }
        >
          {shipments.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('detail.noShipments')}
            </Typography>
          ) : (
            <SmallTable
              label={t('detail.shipmentsTable')}
              head={[t('fields.number'), t('fields.status'), t('fields.carrier'), t('detail.tracking'), t('fields.createdAt')]}
              rows={shipments.map((s) => [
                session.can('update-shipment') ? (
                  // The return screen of a shipment: what came back, or start a return.
                  <Link key="n" component={RouterLink} to={pathOf('shipment-return', { id: s.id })} aria-label={t('detail.openShipment', { number: s.number ?? s.id })}>
                    {s.number ?? s.id.slice(0, 8)}
                  </Link>
                ) : (s.number ?? s.id.slice(0, 8)),
                <Chip key="s" size="small" variant="outlined" label={t(`shipmentStatus.${s.status}`, { defaultValue: upper(s.status) })} />,
                s.carrier ? t(`carriers.${s.carrier}`, { defaultValue: s.carrier }) : '—',
                <TrackingLink key="t" carrier={s.carrier} tracking={s.tracking} />,
                formatDateTime(s.ship_date ?? s.created_at),
              ])}
            />
          )}
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <Panel
          id="order-returns"
          title={t('detail.returns', { count: returns.length })}
          action={
            canStartReturn && (
              <Button
                size="small"
                variant="contained"
                startIcon={<AssignmentReturnOutlined />}
                component={RouterLink}
                to={returnsPath({ order: order.id, from: 'order' })}
                aria-label={t('detail.startReturnLabel', { number: order.number })}
              >
                {t('detail.startReturn')}
              </Button>
            )
          }
        >
          {returns.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('detail.noReturns')}
            </Typography>
          ) : (
            <SmallTable
              label={t('detail.returnsTable')}
              head={[t('fields.number'), t('fields.status'), t('detail.refund'), t('fields.createdAt')]}
              rows={returns.map((r) => [
                r.shipment_id && session.can('update-shipment') ? (
                  <Link key="n" component={RouterLink} to={pathOf('shipment-return', { id: r.shipment_id })}>
                    {r.number ?? r.id.slice(0, 8)}
                  </Link>
                ) : r.number && session.can('read-returns') ? (
                  // A return of units marked as shipped has no shipment screen: the Returns list, searched for it.
                  <Link key="n" component={RouterLink} to={returnsPath({ search: r.number })} aria-label={t('detail.openReturn', { number: r.number })}>
                    {r.number}
                  </Link>
                ) : (r.number ?? r.id.slice(0, 8)),
                <Chip key="s" size="small" variant="outlined" label={t(`returnStatus.${r.status}`, { defaultValue: upper(r.status) })} />,
                r.refund_status ? t(`refundStatus.${r.refund_status}`, { defaultValue: upper(r.refund_status) }) : '—',
                formatDateTime(r.created_at),
              ])}
            />
          )}
        </Panel>
      </Grid>
    </Grid>
  );
}
