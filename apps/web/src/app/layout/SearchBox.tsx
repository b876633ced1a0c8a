import { useMemo, useState } from 'react';
import { Autocomplete, Box, CircularProgress, Dialog, IconButton, InputAdornment, ListSubheader, TextField, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SearchKind } from '@omnio/domain';
import { flattenMenu } from '../../shared/navigation/menus';
import { useMenu } from '../../shared/navigation/useMenu';
import { useSession } from '../../shared/session/useSession';
import { useRecordSearch } from './record-search';

/** One row of the list: a screen of the user's menu, a record the server found, or the notice that the search failed. */
interface Option {
  group: 'screens' | SearchKind | 'failed';
  key: string;
  label: string;
  secondary?: string | null;
  path?: string;
}

const matches = (label: string, text: string) => label.toLowerCase().includes(text.trim().toLowerCase());

/**
 * The header search: the screens of the user's own menu whose name matches (first group), then the records
 * of GET /search grouped by kind (tenant users; docs/api-search.md). Arrow keys move through every group,
 * Enter opens the highlighted row, Escape closes the list.
 */
function HeaderSearch({ autoFocus, onDone, light }: { autoFocus?: boolean; onDone?: () => void; light: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useSession();
  const entries = useMenu();
  const [input, setInput] = useState('');
  const records = useRecordSearch(input, role === 'tenant');
  const screens = useMemo<Option[]>(
    () => flattenMenu(entries).flatMap((e) => (e.path ? [{ group: 'screens' as const, key: `screen:${e.path}`, label: e.text ?? t(e.title), path: e.path }] : [])),
    [entries, t],
  );
  const options = useMemo<Option[]>(() => {
    if (!input.trim()) return [];
    const found = screens.filter((o) => matches(o.label, input));
    for (const group of records.groups) {
      for (const item of group.items) found.push({ group: group.kind, key: `${group.kind}:${item.id}`, label: item.title, secondary: item.subtitle, path: item.url });
    }
    if (records.failed) found.push({ group: 'failed', key: 'failed', label: t('layout.searchFailed') });
    return found;
  }, [input, screens, records.groups, records.failed, t]);
  const empty = records.loading ? t('layout.searchLoading') : t('layout.searchNoResults', { query: input.trim() });

  return (
    <Autocomplete
      options={options}
      filterOptions={(all) => all}
      groupBy={(o) => o.group}
      getOptionLabel={(o) => o.label}
      getOptionKey={(o) => o.key}
      getOptionDisabled={(o) => o.group === 'failed'}
      inputValue={input}
      onInputChange={(_, value, reason) => {
        if (reason !== 'reset') setInput(value);
      }}
      value={null}
      onChange={(_, option) => {
        if (!option?.path) return;
        setInput('');
        void navigate(option.path);
        onDone?.();
      }}
      isOptionEqualToValue={(a, b) => a.key === b.key}
      noOptionsText={empty}
      openOnFocus={false}
      forcePopupIcon={false}
      autoHighlight
      blurOnSelect
      sx={{ width: '100%' }}
      // Wider than the inline box, so a record's second line fits; the phone overlay is full width anyway.
      slotProps={{ listbox: { sx: { maxHeight: { xs: '70vh', sm: 480 } } }, popper: { placement: 'bottom-start', sx: { minWidth: { sm: 400 } } } }}
      renderGroup={(params) => {
        const label = params.group === 'failed' ? undefined : t(`layout.searchGroups.${params.group}`);
        // A named group of the listbox: screen readers say "Orders, group" when the arrows enter it.
        return (
          <li key={params.key} role="group" aria-label={label}>
            {label && (
              <ListSubheader component="div" aria-hidden sx={{ lineHeight: '32px', fontWeight: 600, fontSize: 12, textTransform: 'uppercase', letterSpacing: 0.4 }}>
                {label}
              </ListSubheader>
            )}
            <Box component="ul" role="none" sx={{ p: 0 }}>{params.children}</Box>
          </li>
        );
      }}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}>
            <Typography variant="body2" color={option.group === 'failed' ? 'error' : undefined} noWrap sx={{ maxWidth: '100%' }}>
              {option.label}
            </Typography>
            {option.secondary && (
              <Typography variant="caption" color="text.secondary" noWrap sx={{ maxWidth: '100%' }}>
                {option.secondary}
              </Typography>
            )}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus={autoFocus}
          placeholder={t('layout.search')}
          size="small"
          inputProps={{ ...params.inputProps, 'aria-label': t('layout.searchLabel') }}
          InputProps={{
            ...params.InputProps,
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: records.loading ? (
              <InputAdornment position="end">
                <CircularProgress size={16} color="inherit" aria-label={t('layout.searchLoading')} />
              </InputAdornment>
            ) : null,
          }}
          sx={(theme) => ({
            '& .MuiOutlinedInput-root': {
              bgcolor: light ? alpha(theme.palette.text.primary, 0.04) : alpha('#fff', 0.14),
              color: light ? 'text.primary' : '#fff',
              '& fieldset': { borderColor: light ? theme.palette.divider : 'transparent' },
              '& .MuiSvgIcon-root': { color: light ? 'text.secondary' : alpha('#fff', 0.8) },
            },
            '& input::placeholder': { color: light ? undefined : alpha('#fff', 0.8), opacity: 1 },
          })}
        />
      )}
    />
  );
}

/** Inline search on wide screens; an icon opening a full-width overlay on phones. */
export function SearchBox({ compact, light }: { compact: boolean; light: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!compact) {
    return (
      <Box sx={{ width: { md: 260, lg: 320 } }} data-tour="search">
        <HeaderSearch light={light} />
      </Box>
    );
  }
  return (
    <>
      <IconButton color="inherit" aria-label={t('layout.openSearch')} onClick={() => setOpen(true)} data-tour="search">
        <SearchIcon />
      </IconButton>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        aria-label={t('layout.searchLabel')}
        slotProps={{ paper: { sx: { position: 'fixed', top: 8, m: 1, width: 'calc(100% - 16px)', p: 1.5 } } }}
      >
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <HeaderSearch autoFocus onDone={() => setOpen(false)} light />
          <IconButton aria-label={t('layout.closeSearch')} onClick={() => setOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Box>
      </Dialog>
    </>
  );
}
