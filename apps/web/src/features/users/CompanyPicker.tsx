import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Autocomplete, TextField } from '@mui/material';
import { useCompanyOptions, type CompanyRef } from './api';
import { useDebounced } from '../../shared/ui/useDebounced';

interface CompanyPickerProps {
  value: CompanyRef | null;
  onChange(company: CompanyRef | null): void;
  error?: string;
}

/** Companies searched on the server by name as the owner types. */
export function CompanyPicker({ value, onChange, error }: CompanyPickerProps) {
  const { t } = useTranslation('users');
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDebounced(text);
  const options = useCompanyOptions(search, open);
  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_e, company) => onChange(company)}
      onInputChange={(_e, input, reason) => {
        if (reason === 'input') setText(input);
      }}
      options={options.data ?? []}
      filterOptions={(all) => all}
      getOptionLabel={(company) => company.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={options.isFetching}
      loadingText={t('status.loading')}
      noOptionsText={options.isError ? t('errors.loadCompanies') : t('create.noCompanies')}
      renderInput={(params) => (
        <TextField {...params} label={t('fields.company')} error={Boolean(error)} helperText={error ?? t('create.companyHelp')} />
      )}
    />
  );
}
