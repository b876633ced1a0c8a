import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Link, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { DashboardLinkDto } from '@omnio/domain';
import { linkPath } from './dashboard-query';

export interface FigureColumn<R> {
  label: string;
  cell: (row: R) => ReactNode;
  numeric?: boolean;
}

/** A card's rows as a compact table; it wraps rather than scrolls sideways on a phone. */
export function FigureTable<R>({ columns, rows, rowKey, caption }: { columns: FigureColumn<R>[]; rows: R[]; rowKey: (row: R) => string; caption: string }) {
  return (
    <Table size="small" aria-label={caption} sx={{ tableLayout: 'auto', '& td, & th': { px: 1 }, '& th': { whiteSpace: 'nowrap' }, '& tr:last-child td': { borderBottom: 0 } }}>
      <TableHead>
        <TableRow>
          {columns.map((c) => <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>{c.label}</TableCell>)}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            {columns.map((c) => (
              <TableCell key={c.label} align={c.numeric ? 'right' : 'left'} sx={c.numeric ? { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere', minWidth: '10ch' }}>
                {c.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A figure that opens the list it summarises, filtered the same way. */
export function FigureLink({ link, children, label }: { link: DashboardLinkDto; children: ReactNode; label?: string }) {
  return (
    <Link component={RouterLink} to={linkPath(link)} aria-label={label} underline="hover">
      {children}
    </Link>
  );
}
