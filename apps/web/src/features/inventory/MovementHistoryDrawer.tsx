import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert, Box, Chip, Drawer, IconButton, LinearProgress, List, ListItem, Stack, TablePagination, TextField, Typography,
} from '@mui/material';
import Close from '@mui/icons-material/Close';
import { BUCKETS as ALL_BUCKETS, type BucketQuantities } from '@omnio/domain';
import { NATIVE_SELECT } from '../../shared/ui/form-helpers';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import type { IlocOption } from './AdjustDialog';
import { useMovements, withRowIloc, type InventoryMovement, type InventoryRow } from './api';
import { formatDateTime } from '../../shared/format/format';

const DELTA_FIELD = {
  good: 'delta_good', hold: 'delta_hold', hurt: 'delta_hurt', in_transit: 'delta_in_transit', reserved: 'delta_reserved',
} as const satisfies Record<(typeof ALL_BUCKETS)[number], keyof InventoryMovement>;

interface MovementHistoryDrawerProps {
  /** The grid row whose history is shown; null closes the drawer. */
  row: InventoryRow | null;
  ilocs: IlocOption[];
  onClose(): void;
}

/** A SKU's stock movements (who, when, why, which document, the change per bucket, the balance after), from the inventory grid. */
export function MovementHistoryDrawer({ row, ilocs, onClose }: MovementHistoryDrawerProps) {
  return (
    <Drawer
      anchor="right"
      open={row !== null}
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': 'history-title', sx: { width: { xs: '100%', sm: 560 }, maxWidth: '100%' } } }}
    >
      {row && <HistoryBody key={`${row.sku_id}:${row.iloc_id}`} row={row} ilocs={ilocs} onClose={onClose} />}
    </Drawer>
  );
}

function HistoryBody({ row, ilocs, onClose }: { row: InventoryRow; ilocs: IlocOption[]; onClose(): void }) {
  const { t } = useTranslation('inventory');
  const [ilocId, setIlocId] = useState(row.iloc_id);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const history = useMovements({ skuId: row.sku_id, ilocId, page: page + 1, perPage });
  const movements = history.data?.data ?? [];
  // A pack or a synset member has no stock of its own: its movements are its stock holder's.
  const holder = movements.find((m) => m.sku && m.sku !== row.sku)?.sku;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', p: 2, pb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="history-title" variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {t('history.title', { sku: row.sku })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {row.name}
          </Typography>
        </Box>
        <IconButton aria-label={t('actions.close')} onClick={onClose} edge="end">
          <Close />
        </IconButton>
      </Stack>
      <Box sx={{ px: 2, pt: 1, pb: 1 }}>
        <TextField
          select
          size="small"
          fullWidth
          label={t('history.location')}
          value={ilocId}
          onChange={(e) => {
            setIlocId(e.target.value);
            setPage(0);
          }}
          slotProps={NATIVE_SELECT}
        >
          <option value="">{t('history.allIlocs')}</option>
          {withRowIloc(ilocs, row).map((i) => (
            <option key={i.id} value={i.id}>
              {i.name}
            </option>
          ))}
        </TextField>
      </Box>
      {holder && (
        <Alert severity="info" sx={{ mx: 2, mb: 1 }}>
          {t('history.holder', { holder })}
        </Alert>
      )}
      <Box sx={{ height: 4 }}>{history.isFetching && history.data && <LinearProgress aria-hidden />}</Box>
      <Box sx={{ flex: 1, overflowY: 'auto', px: 2 }}>
        {history.isError ? (
          <ErrorState message={`${t('errors.history')}: ${history.error.message}`} onRetry={() => void history.refetch()} sx={{ my: 2 }} />
        ) : history.isPending ? (
          <LoadingState label={t('history.loading')} minHeight={200} />
        ) : movements.length === 0 ? (
          <EmptyState message={ilocId ? t('history.emptyHere') : t('history.empty')} />
        ) : (
          <List aria-label={t('history.listLabel')} disablePadding>
            {movements.map((m) => (
              <MovementItem key={m.id} movement={m} showIloc={!ilocId} />
            ))}
          </List>
        )}
      </Box>
      <TablePagination
        component="div"
        count={history.data?.total ?? 0}
        page={page}
        rowsPerPage={perPage}
        rowsPerPageOptions={[10, 25, 50]}
        onPageChange={(_e, next) => setPage(next)}
        onRowsPerPageChange={(e) => {
          setPerPage(Number(e.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('history.perPage')}
        labelDisplayedRows={({ from, to, count }) => t('history.range', { from, to, count })}
        sx={{ borderTop: 1, borderColor: 'divider', flex: 'none' }}
      />
    </Box>
  );
}

function MovementItem({ movement: m, showIloc }: { movement: InventoryMovement; showIloc: boolean }) {
  const { t, i18n } = useTranslation('inventory');
  const { signed, plain } = useMemo(
    () => ({
      signed: new Intl.NumberFormat(i18n.language, { signDisplay: 'exceptZero' }),
      plain: new Intl.NumberFormat(i18n.language),
    }),
    [i18n.language],
  );
  const deltas = ALL_BUCKETS.map((b) => [b, m[DELTA_FIELD[b]]] as const).filter(([, d]) => d !== 0);
  const details = [
    t('history.by', { name: m.user_name ?? t('history.system') }),
    showIloc ? m.iloc_name : null,
    m.reference_type ? t('history.reference', { type: m.reference_type, id: m.reference_id ?? '' }).trim() : null,
    m.note,
  ].filter(Boolean);

  return (
    <ListItem divider disableGutters sx={{ display: 'block', py: 1.5 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="span">
          {t(`reasons.${m.reason}`, { defaultValue: m.reason })}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="time" dateTime={m.created_at}>
          {formatDateTime(m.created_at, { language: i18n.language })}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', my: 0.75 }}>
        {deltas.map(([bucket, delta]) => (
          <Chip
            key={bucket}
            size="small"
            variant="outlined"
            color={delta > 0 ? 'success' : 'warning'}
            label={`${t(`buckets.${bucket}`)} ${signed.format(delta)}`}
          />
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {details.join(' · ')}
      </Typography>
      {m.balance_after && <BalanceLine balance={m.balance_after} format={plain} />}
    </ListItem>
  );
}

/** The buckets that hold something after the movement, and what is available (good − reserved). */
function BalanceLine({ balance, format }: { balance: BucketQuantities; format: Intl.NumberFormat }) {
  const { t } = useTranslation('inventory');
  const held = ALL_BUCKETS.filter((b) => balance[b] !== 0).map((b) => `${t(`buckets.${b}`)} ${format.format(balance[b])}`);
  const parts = [...(held.length ? held : [`${t('buckets.good')} 0`]), `${t('fields.qty_available')} ${format.format(balance.good - balance.reserved)}`];
  return (
    <Typography variant="body2" sx={{ mt: 0.5 }}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {t('history.balanceAfter')}:
      </Box>{' '}
      {parts.join(' · ')}
    </Typography>
  );
}
