import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Autocomplete, Chip, TextField } from '@mui/material';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useSkuOptions } from './api';

export interface SkuRef {
  id: string;
  sku: string;
}

interface SkuPickerProps {
  label: string;
  value: SkuRef[];
  onChange(value: SkuRef[]): void;
  hint?: string;
  error?: string;
}

/** Several existing SKUs by id, found by typing their code or name. */
export function SkuPicker({ label, value, onChange, hint, error }: SkuPickerProps) {
  const { t } = useTranslation('catalog');
  const [input, setInput] = useState('');
  const text = useDebounced(input, 250);
  const options = useSkuOptions(text);
  return (
    <Autocomplete
      multiple
      filterSelectedOptions
      options={(options.data ?? []).map((s): SkuRef => ({ id: s.id, sku: s.sku }))}
      value={value}
      getOptionLabel={(o) => o.sku}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(o) => o}
      inputValue={input}
      onInputChange={(_e, next) => setInput(next)}
      onChange={(_e, next) => onChange(next)}
      loading={options.isFetching}
      loadingText={t('list.loading')}
      noOptionsText={t('list.noMatches')}
      renderValue={(selected, getItemProps) =>
        selected.map((ref, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={ref.sku} {...itemProps} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} error={Boolean(error)} helperText={error ?? hint} />}
    />
  );
}
