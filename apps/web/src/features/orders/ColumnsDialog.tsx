import { useTranslation } from 'react-i18next';
import {
  Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, ListItemText, Stack,
} from '@mui/material';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import type { GridLayout } from './useGridLayout';

interface ColumnsDialogProps {
  open: boolean;
  /** The columns in their current order. */
  columns: { field: string; label: string }[];
  layout: GridLayout;
  onChange(layout: GridLayout): void;
  onReset(): void;
  onClose(): void;
}

/**
 * The column chooser: show or hide each column and move it up or down. The community data grid cannot
 * drag columns into a new order, so the order is set here, with buttons that work from the keyboard.
 */
export function ColumnsDialog({ open, columns, layout, onChange, onReset, onClose }: ColumnsDialogProps) {
  const { t } = useTranslation('orders');
  const fields = columns.map((c) => c.field);
  const hidden = new Set(layout.hidden);

  const move = (index: number, by: -1 | 1) => {
    const next = [...fields];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange({ ...layout, order: next });
  };
  const toggle = (field: string) =>
    onChange({ ...layout, hidden: hidden.has(field) ? layout.hidden.filter((f) => f !== field) : [...layout.hidden, field] });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="order-columns-title" fullWidth maxWidth="xs">
      <DialogTitle id="order-columns-title">{t('columns.title')}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <List dense aria-label={t('columns.title')}>
          {columns.map((col, index) => (
            <ListItem
              key={col.field}
              secondaryAction={
                <Stack direction="row">
                  <IconButton
                    size="small"
                    aria-label={t('columns.moveUp', { column: col.label })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('columns.moveDown', { column: col.label })}
                    disabled={index === columns.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                </Stack>
              }
            >
              <Checkbox
                edge="start"
                checked={!hidden.has(col.field)}
                onChange={() => toggle(col.field)}
                slotProps={{ input: { 'aria-label': t('columns.show', { column: col.label }) } }}
              />
              <ListItemText primary={col.label} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onReset}>{t('columns.reset')}</Button>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('actions.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
