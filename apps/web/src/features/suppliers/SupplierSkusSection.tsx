import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZSupplierSkuItem } from '@omnio/domain';
import {
  Alert, Box, Button, Chip, IconButton, InputAdornment, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow,
  TextField, Tooltip, Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Search from '@mui/icons-material/Search';
import { HttpError } from '../../shared/api/http';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { errorText } from '../../shared/ui/form-helpers';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useDeleteSupplierSku, useSaveSupplierSkus, useSupplierSkus, type Supplier, type SupplierSku, type SupplierSkuItem } from './api';
import { useMessageText } from './form-fields';
import { SectionHeader } from '../../shared/parties/PartySections';

/**
 * The supplier's SKU costs as an editable table: saved rows change in place, new rows are added at the
 * top, and one Save sends every change in a single PUT (the server resolves codes and refuses unknown
 * ones without writing anything). Removing a saved row deletes it at once, after a confirmation.
 */

interface Draft {
  sku: string;
  supplier_sku: string;
  cost: string;
  min_quantity: string;
}
interface NewRow extends Draft {
  key: string;
}
type Field = keyof Draft;
type RowErrors = Partial<Record<Field, string>>;

const draftOf = (r: SupplierSku): Draft => ({
  sku: r.sku, supplier_sku: r.supplier_sku ?? '', cost: r.cost ?? '', min_quantity: r.min_quantity === null ? '' : String(r.min_quantity),
});
const blank = (v: string) => (v.trim() ? v.trim() : null);
/** The PUT item of a row: blank inputs clear the value. */
const itemOf = (d: Draft): SupplierSkuItem => ({
  sku: d.sku.trim(), supplier_sku: blank(d.supplier_sku), cost: blank(d.cost),
  min_quantity: d.min_quantity.trim() ? (/^\d+$/.test(d.min_quantity.trim()) ? Number(d.min_quantity) : (d.min_quantity as unknown as number)) : null,
});

let keySeq = 0;

export function SupplierSkusSection({ supplier, canUpdate }: { supplier: Supplier; canUpdate: boolean }) {
  const { t } = useTranslation('suppliers');
  const toast = useToast();
  const messageText = useMessageText();
  const [text, setText] = useState('');
  const search = useDebounced(text);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const list = useSupplierSkus(supplier.id, { page: page + 1, perPage, orderBy: 'sku', orderDirection: 'ASC' }, search);
  const save = useSaveSupplierSkus(supplier.id);
  const remove = useDeleteSupplierSku(supplier.id);
  const [edits, setEdits] = useState<Record<string, Draft>>({});
  const [added, setAdded] = useState<NewRow[]>([]);
  const [errors, setErrors] = useState<Record<string, RowErrors>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<SupplierSku | null>(null);

  const rows = list.data?.data ?? [];
  const changes = added.length + Object.keys(edits).length;

  const edit = (row: SupplierSku, field: Field, value: string) =>
    setEdits((all) => ({ ...all, [row.sku_id]: { ...(all[row.sku_id] ?? draftOf(row)), [field]: value } }));
  const editNew = (key: string, field: Field, value: string) => setAdded((all) => all.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  const addRow = () => setAdded((all) => [{ key: `new-${++keySeq}`, sku: '', supplier_sku: '', cost: '', min_quantity: '' }, ...all]);
  const discard = () => {
    setEdits({});
    setAdded([]);
    setErrors({});
    setBanner(null);
  };

  const submit = async () => {
    setBanner(null);
    const entries: [key: string, draft: Draft][] = [...added.map((r) => [r.key, r] as [string, Draft]), ...Object.entries(edits)];
    // The shared item rule first, so typing mistakes show under their inputs without a round trip.
    const local: Record<string, RowErrors> = {};
    entries.forEach(([key, draft]) => {
      const parsed = ZSupplierSkuItem.safeParse(itemOf(draft));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'sku') as Field;
          (local[key] ??= {})[field] ??= issue.message;
        }
      }
    });
    setErrors(local);
    if (Object.keys(local).length) return;
    setSaving(true);
    try {
      const result = await save.mutateAsync(entries.map(([, d]) => itemOf(d)));
      toast.success(t('notices.skusSaved', { count: result.saved }));
      discard();
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) {
        const server: Record<string, RowErrors> = {};
        const other: string[] = [];
        for (const [path, messages] of Object.entries(error.fieldErrors)) {
          const m = /^items\.(\d+)\.(sku|supplier_sku|cost|min_quantity)$/.exec(path);
          const entry = m ? entries[Number(m[1])] : undefined;
          if (m && entry) (server[entry[0]] ??= {})[m[2] as Field] = messages[0];
          else other.push(...messages);
        }
        setErrors(server);
        if (other.length || !Object.keys(server).length) setBanner(`${t('errors.saveSkus')}: ${(other.length ? other : [error.message]).map((x) => messageText(x) ?? x).join(' ')}`);
      } else {
        setBanner(`${t('errors.saveSkus')}: ${errorText(error)}`);
      }
    } finally {
      setSaving(false);
    }
  };

  const input = (key: string, field: Field, value: string, label: string, onChange: (v: string) => void, width: number, numeric = false) => {
    const message = messageText(errors[key]?.[field]);
    return (
      <TextField
        size="small"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={!canUpdate}
        error={Boolean(message)}
        helperText={message}
        slotProps={{ htmlInput: { 'aria-label': label, inputMode: numeric ? 'decimal' : undefined } }}
        sx={{ width, minWidth: width }}
      />
    );
  };

  const body = () => {
    if (list.isPending) return <LoadingState minHeight={120} />;
    if (list.isError) return <ErrorState message={`${t('errors.loadSkus')}: ${list.error.message}`} onRetry={() => void list.refetch()} />;
    if (rows.length === 0 && added.length === 0) return <EmptyState message={t('show.noSkus')} />;
    return (
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="supplier-skus">
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.sku')}</TableCell>
              <TableCell>{t('fields.supplierSku')}</TableCell>
              <TableCell>{t('fields.cost')} ({supplier.currency})</TableCell>
              <TableCell>{t('fields.minQuantity')}</TableCell>
              {canUpdate && <TableCell padding="checkbox" />}
            </TableRow>
          </TableHead>
          <TableBody>
            {added.map((r) => (
              <TableRow key={r.key} selected>
                <TableCell>
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                    {input(r.key, 'sku', r.sku, t('fields.sku'), (v) => editNew(r.key, 'sku', v), 160)}
                    <Chip size="small" color="info" label={t('show.newRow')} />
                  </Stack>
                </TableCell>
                <TableCell>{input(r.key, 'supplier_sku', r.supplier_sku, `${t('fields.supplierSku')} (${t('show.newRow')})`, (v) => editNew(r.key, 'supplier_sku', v), 140)}</TableCell>
                <TableCell>{input(r.key, 'cost', r.cost, `${t('fields.cost')} (${t('show.newRow')})`, (v) => editNew(r.key, 'cost', v), 110, true)}</TableCell>
                <TableCell>{input(r.key, 'min_quantity', r.min_quantity, `${t('fields.minQuantity')} (${t('show.newRow')})`, (v) => editNew(r.key, 'min_quantity', v), 90, true)}</TableCell>
                <TableCell padding="checkbox">
                  <Tooltip title={t('actions.removeSku', { sku: r.sku || t('show.newRow') })}>
                    <IconButton size="small" aria-label={t('actions.removeSku', { sku: r.sku || t('show.newRow') })} onClick={() => setAdded((all) => all.filter((x) => x.key !== r.key))}>
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {rows.map((row) => {
              const d = edits[row.sku_id] ?? draftOf(row);
              return (
                <TableRow key={row.sku_id}>
                  <TableCell sx={{ minWidth: 160 }}>
                    <Typography sx={{ fontWeight: 600 }}>{row.sku}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {row.name}
                      {row.status !== 'active' && <Chip component="span" size="small" color="warning" label={t(`skuStatus.${row.status}`, row.status)} sx={{ ml: 1 }} />}
                    </Typography>
                  </TableCell>
                  <TableCell>{input(row.sku_id, 'supplier_sku', d.supplier_sku, `${t('fields.supplierSku')} ${row.sku}`, (v) => edit(row, 'supplier_sku', v), 140)}</TableCell>
                  <TableCell>{input(row.sku_id, 'cost', d.cost, `${t('fields.cost')} ${row.sku}`, (v) => edit(row, 'cost', v), 110, true)}</TableCell>
                  <TableCell>{input(row.sku_id, 'min_quantity', d.min_quantity, `${t('fields.minQuantity')} ${row.sku}`, (v) => edit(row, 'min_quantity', v), 90, true)}</TableCell>
                  {canUpdate && (
                    <TableCell padding="checkbox">
                      <Tooltip title={t('actions.removeSku', { sku: row.sku })}>
                        <IconButton size="small" aria-label={t('actions.removeSku', { sku: row.sku })} onClick={() => setRemoving(row)}>
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );
  };

  return (
    <section aria-labelledby="supplier-skus">
      <SectionHeader
        id="supplier-skus"
        title={t('show.skus')}
        action={canUpdate && (
          <Button startIcon={<Add />} onClick={addRow}>
            {t('actions.addSku')}
          </Button>
        )}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('show.skusHint')}
      </Typography>
      <Paper variant="outlined">
        <Box sx={{ p: 1.5 }}>
          <TextField
            type="search"
            size="small"
            label={t('show.searchSkus')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setPage(0);
            }}
            sx={{ width: { xs: '100%', sm: 320 } }}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
          />
        </Box>
        {body()}
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={page}
          onPageChange={(_e, p) => setPage(p)}
          rowsPerPage={perPage}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
          rowsPerPageOptions={[25, 50, 100]}
        />
      </Paper>
      {banner && (
        <Alert severity="error" sx={{ mt: 1.5 }} role="alert">
          {banner}
        </Alert>
      )}
      {canUpdate && changes > 0 && (
        <Stack direction="row" sx={{ mt: 1.5, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography color="text.secondary" sx={{ flex: 1 }} role="status">
            {t('show.unsaved', { count: changes })}
          </Typography>
          <Button onClick={discard} disabled={saving}>
            {t('actions.discard')}
          </Button>
          <Button variant="contained" onClick={() => void submit()} loading={saving}>
            {t('actions.saveSkus')}
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('delete.skuTitle')}
        message={t('delete.skuMessage', { sku: removing?.sku ?? '' })}
        confirmLabel={t('actions.delete')}
        destructive
        errorPrefix={t('errors.removeSku')}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await remove.mutateAsync(removing.sku_id);
          setEdits(({ [removing.sku_id]: _gone, ...rest }) => rest);
          toast.success(t('notices.skuRemoved', { sku: removing.sku }));
        }}
      />
    </section>
  );
}
