import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useImportMessage } from '../i18n/import-messages';

export interface ImportErrorRow {
  line: number;
  /** What the row names: a SKU, an order's external id… */
  key?: string | null;
  message: string;
}

interface ImportErrorsTableProps {
  /** Unique on the page: the caption's id. */
  id: string;
  caption: string;
  labels: { line: string; key: string; message: string };
  rows: ImportErrorRow[];
}

/**
 * The per-row report of a CSV import: line number, what the row names, why it was refused (the server's English,
 * said in the reader's language where it is known). Scrolls within itself.
 */
export function ImportErrorsTable({ id, caption, labels, rows }: ImportErrorsTableProps) {
  const say = useImportMessage();
  return (
    <TableContainer sx={{ maxHeight: { sm: 340 }, border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0} aria-labelledby={id}>
      <Table size="small" stickyHeader>
        <caption id={id} style={{ captionSide: 'top', textAlign: 'start', padding: '8px 16px' }}>
          {caption}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 64 }}>{labels.line}</TableCell>
            <TableCell sx={{ width: { sm: 160 } }}>{labels.key}</TableCell>
            <TableCell>{labels.message}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((e, index) => (
            <TableRow key={`${e.line}-${index}`}>
              <TableCell>{e.line}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.key ?? '—'}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{say(e.message)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
