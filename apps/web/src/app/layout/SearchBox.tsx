import { useMemo, useState } from 'react';
import { Autocomplete, Box, Dialog, IconButton, InputAdornment, TextField } from '@mui/material';
import { alpha } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { flattenMenu } from '../../shared/navigation/menus';
import { useMenu } from '../../shared/navigation/useMenu';

interface Option {
  label: string;
  path: string;
}

/** Jump-to-screen search over the entries of the user's own menu. */
function ScreenSearch({ autoFocus, onDone, light }: { autoFocus?: boolean; onDone?: () => void; light: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entries = useMenu();
  const [input, setInput] = useState('');
  const options = useMemo<Option[]>(
    () => flattenMenu(entries).flatMap((e) => (e.path ? [{ label: e.text ?? t(e.title), path: e.path }] : [])),
    [entries, t],
  );
  return (
    <Autocomplete
      options={options}
      inputValue={input}
      onInputChange={(_, value) => setInput(value)}
      value={null}
      onChange={(_, option) => {
        if (!option) return;
        setInput('');
        void navigate(option.path);
        onDone?.();
      }}
      isOptionEqualToValue={(a, b) => a.path === b.path}
      noOptionsText={t('layout.searchNoResults', { query: input })}
      openOnFocus={false}
      forcePopupIcon={false}
      blurOnSelect
      sx={{ width: '100%' }}
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
      <Box sx={{ width: { md: 260, lg: 320 } }}>
        <ScreenSearch light={light} />
      </Box>
    );
  }
  return (
    <>
      <IconButton color="inherit" aria-label={t('layout.openSearch')} onClick={() => setOpen(true)}>
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
          <ScreenSearch autoFocus onDone={() => setOpen(false)} light />
          <IconButton aria-label={t('layout.closeSearch')} onClick={() => setOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Box>
      </Dialog>
    </>
  );
}
