import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chip, useMediaQuery, useTheme } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import CalculateOutlined from '@mui/icons-material/CalculateOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { ServerGridState } from '../../shared/ui/data-grid';
import { CatalogGrid } from '../../shared/ui/CatalogGrid';
import { INVENTORY_SORTABLE, inventoryRowId, type InventoryRow } from './api';
import { formatDateTime } from '../../shared/format/format';

const HIDDEN_ON_PHONE = ['name', 'type', 'qty_good', 'qty_hold', 'qty_hurt', 'qty_in_transit', 'qty_reserved', 'updated_at'] as const;
/** Beside the sidebar a laptop has room for the main figures; the rest start in the column chooser. */
const HIDDEN_ON_LAPTOP = ['qty_hold', 'qty_hurt', 'qty_in_transit', 'updated_at'] as const;
const QUANTITIES = ['qty_available', 'qty_good', 'qty_hold', 'qty_hurt', 'qty_in_transit', 'qty_reserved'] as const;
const SORTABLE = new Set<string>(INVENTORY_SORTABLE);

interface InventoryGridProps {
  rows: InventoryRow[];
  total: number;
  loading: boolean;
  grid: ServerGridState;
  emptyLabel: string;
  canAdjust: boolean;
  onAdjust(row: InventoryRow): void;
  onHistory(row: InventoryRow): void;
  onExplain(row: InventoryRow): void;
  onOpenProduct(row: InventoryRow): void;
}

/** One row per SKU × iloc, paged, sorted and filtered by the server (catalogs of 100k SKUs). */
export function InventoryGrid({ rows, total, loading, grid, emptyLabel, canAdjust, onAdjust, onHistory, onExplain, onOpenProduct }: InventoryGridProps) {
  const { t, i18n } = useTranslation('inventory');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));

  const columns = useMemo<GridColDef<InventoryRow>[]>(() => {
    const numberFormat = new Intl.NumberFormat(i18n.language);
    const cols: GridColDef<InventoryRow>[] = [
      { field: 'sku', headerName: t('fields.sku'), flex: 1, minWidth: phone ? 100 : 130 },
      { field: 'name', headerName: t('fields.name'), flex: 1.4, minWidth: 160 },
      {
        field: 'type', headerName: t('fields.type'), width: 100,
        renderCell: ({ row }) => <Chip size="small" variant="outlined" label={t(`types.${row.type}`, { defaultValue: row.type })} />,
      },
      { field: 'iloc_name', headerName: t('fields.iloc'), flex: 1.2, minWidth: phone ? 100 : 160 },
      ...QUANTITIES.map(
        (field): GridColDef<InventoryRow> => ({
          field,
          headerName: t(`fields.${field}`),
          type: 'number',
          width: phone ? 84 : field === 'qty_in_transit' ? 110 : 100,
          valueFormatter: (value: number) => numberFormat.format(value ?? 0),
          cellClassName: field === 'qty_available' ? 'qty-available' : undefined,
        }),
      ),
      {
        field: 'updated_at', headerName: t('fields.updated_at'), width: 170,
        valueFormatter: (value: string | null) => formatDateTime(value, { language: i18n.language }),
      },
      {
        field: 'actions', type: 'actions', headerName: t('list.actions'), width: canAdjust && !phone ? 96 : 56,
        getActions: ({ row }) => [
          ...(canAdjust
            ? [<GridActionsCellItem key="adjust" icon={<TuneOutlined />} label={t('actions.adjust')} onClick={() => onAdjust(row)} showInMenu={phone} />]
            : []),
          <GridActionsCellItem key="history" icon={<HistoryOutlined />} label={t('actions.history')} onClick={() => onHistory(row)} showInMenu />,
          <GridActionsCellItem key="availability" icon={<CalculateOutlined />} label={t('actions.availability')} onClick={() => onExplain(row)} showInMenu />,
          <GridActionsCellItem key="product" icon={<OpenInNew />} label={t('actions.openProduct')} onClick={() => onOpenProduct(row)} showInMenu />,
        ],
      },
    ];
    // Only what the server can order by is sortable.
    return cols.map((c) => ({ ...c, sortable: SORTABLE.has(c.field) }));
  }, [t, i18n.language, phone, canAdjust, onAdjust, onHistory, onExplain, onOpenProduct]);

  return (
    <CatalogGrid
      rows={rows}
      columns={columns}
      getRowId={inventoryRowId}
      total={total}
      loading={loading}
      grid={grid}
      emptyLabel={emptyLabel}
      hideOnPhone={HIDDEN_ON_PHONE}
      hideOnLaptop={HIDDEN_ON_LAPTOP}
      label={t('list.gridLabel')}
      pageSizeOptions={[25, 50, 100]}
      sx={{ minHeight: 360, '& .qty-available': { fontWeight: 600 } }}
    />
  );
}
