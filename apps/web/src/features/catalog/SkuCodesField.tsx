import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Autocomplete, Chip, TextField } from '@mui/material';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useSkuOptions, type SkuType } from './api';

interface SkuCodesFieldProps {
  label: string;
  value: string[];
  onChange(codes: string[]): void;
  onBlur?: () => void;
  inputRef?: React.Ref<HTMLInputElement>;
  error?: string;
  hint?: string;
  /** Only suggest SKUs of this type (a synset's members are REGULAR). */
  type?: SkuType;
  required?: boolean;
}

/**
 * Several SKU codes: suggestions come from the server as the user types; a code typed in full and
 * confirmed with Enter or a comma is taken as is (the server checks that it exists).
 */
export function SkuCodesField({ label, value, onChange, onBlur, inputRef, error, hint, type, required }: SkuCodesFieldProps) {
  const { t } = useTranslation('catalog');
  const [input, setInput] = useState('');
  const text = useDebounced(input, 250);
  const options = useSkuOptions(text, type);
  const codes = (options.data ?? []).map((s) => s.sku);

  const add = (raw: string) => {
    const next = raw
      .split(/[,\s]+/)
      .map((c) => c.trim())
      .filter(Boolean);
    if (next.length) onChange([...new Set([...value, ...next])]);
  };

  return (
    <Autocomplete
      multiple
      freeSolo
      filterSelectedOptions
      options={codes}
      value={value}
      inputValue={input}
      loading={options.isFetching}
      loadingText={t('list.loading')}
      noOptionsText={t('list.noMatches')}
      onChange={(_e, next) => onChange([...new Set(next.map((c) => c.trim()).filter(Boolean))])}
      onInputChange={(_e, next, reason) => {
        if (reason === 'input' && /[,\s]$/.test(next)) {
          add(next);
          setInput('');
        } else {
          setInput(next);
        }
      }}
      onBlur={() => {
        if (input.trim()) add(input);
        setInput('');
        onBlur?.();
      }}
      renderValue={(selected, getItemProps) =>
        selected.map((code, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={code} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error ?? hint}
        />
      )}
    />
  );
}
