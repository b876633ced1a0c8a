import type { ReactNode } from 'react';
import { Button, InputAdornment, Stack, TextField } from '@mui/material';
import Search from '@mui/icons-material/Search';

interface ListToolbarProps {
  searchLabel: string;
  search: string;
  onSearchChange(search: string): void;
  /** The list's primary action (create, invite…), pushed to the end on wide screens. */
  action?: { label: string; icon: ReactNode; onClick(): void };
  /** Filters shown between the search box and the action. */
  children?: ReactNode;
}

/** Above a list: a search box, the list's own filters and its primary action; stacked on phones. */
export function ListToolbar({ searchLabel, search, onSearchChange, action, children }: ListToolbarProps) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, mb: 2 }}>
      <TextField
        type="search"
        size="small"
        label={searchLabel}
        value={search}
        onChange={(e) => onSearchChange(e.target.value)}
        sx={{ width: { xs: '100%', md: 300 }, flex: 'none' }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
      />
      {children}
      {action && (
        <Button
          variant="contained"
          startIcon={action.icon}
          onClick={action.onClick}
          sx={{ ml: { md: 'auto !important' }, whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {action.label}
        </Button>
      )}
    </Stack>
  );
}

interface FilterSelectProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The first option, value '': no filtering. */
  allLabel: string;
  options: readonly { value: string; label: string }[];
}

/** A native select filter for a ListToolbar. */
export function FilterSelect({ label, value, onChange, allLabel, options }: FilterSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ width: { xs: '100%', md: 200 }, flex: 'none' }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
