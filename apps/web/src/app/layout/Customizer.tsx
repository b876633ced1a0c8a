import type { ReactNode } from 'react';
import {
  Box, Button, Divider, Drawer, FormControl, FormControlLabel, FormLabel, IconButton, MenuItem, Radio, RadioGroup, Stack,
  Switch, TextField, Typography,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import {
  HEADER_FILTERS, ROUTER_ANIMATIONS, SIDEBAR_FILTERS, SIDEBAR_IMAGES, THEME_COLORS, type ThemePreference,
} from './theme-options';
import { useThemePreference } from './ThemePreferenceProvider';

function Swatch({ color, checked, image }: { color: string; checked: boolean; image?: string }) {
  return (
    <Box
      sx={{
        width: 34,
        height: 34,
        borderRadius: '50%',
        bgcolor: color,
        backgroundImage: image,
        backgroundSize: '10px 10px',
        border: '2px solid',
        borderColor: checked ? 'primary.main' : 'divider',
        boxShadow: checked ? 3 : 0,
        display: 'grid',
        placeItems: 'center',
        color: color === '#ffffff' ? '#111' : '#fff',
      }}
    >
      {checked && <CheckIcon fontSize="small" />}
    </Box>
  );
}

/** A row of colour swatches that is a real radio group (arrow keys move between choices). */
function SwatchGroup({ label, value, options, onChange }: {
  label: string;
  value: string;
  options: { value: string; color: string; name: string; image?: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" sx={{ mb: 1, fontWeight: 600, fontSize: 14 }}>
        {label}
      </FormLabel>
      <RadioGroup row value={value} onChange={(_, v) => onChange(v)} sx={{ gap: 0.5 }}>
        {options.map((o) => (
          <Radio
            key={o.value}
            value={o.value}
            sx={{ p: 0.5 }}
            icon={<Swatch color={o.color} checked={false} image={o.image} />}
            checkedIcon={<Swatch color={o.color} checked image={o.image} />}
            slotProps={{ input: { 'aria-label': o.name } }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function Section({ children }: { children: ReactNode }) {
  return <Box sx={{ py: 2 }}>{children}</Box>;
}

/** Spec 2 customizer drawer; every change applies at once and is saved to the user's preferences. */
export function Customizer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { preference, update, reset } = useThemePreference();
  const set = <K extends keyof ThemePreference>(key: K) => (value: ThemePreference[K]) => update({ [key]: value } as Partial<ThemePreference>);
  const colorName = (name: string) => t(`customizer.colors.${name}`);

  return (
    // The end side: on the left in right-to-left (MUI flips the anchor, the RTL stylesheet the CSS).
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 360 } }, 'aria-label': t('customizer.title') } }}
    >
      <Stack direction="row" alignItems="center" sx={{ px: 3, py: 2 }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h6" component="h2">
            {t('customizer.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('customizer.subtitle')}
          </Typography>
        </Box>
        <IconButton onClick={onClose} aria-label={t('actions.close')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ px: 3, overflowY: 'auto' }}>
        <Section>
          <SwatchGroup
            label={t('customizer.themeColor')}
            value={preference.color}
            onChange={(v) => set('color')(v as ThemePreference['color'])}
            options={Object.entries(THEME_COLORS).map(([value, color]) => ({ value, color, name: colorName(value) }))}
          />
        </Section>
        <Section>
          <SwatchGroup
            label={t('customizer.sidebarFilter')}
            value={preference.sidebarFilter}
            onChange={(v) => set('sidebarFilter')(v as ThemePreference['sidebarFilter'])}
            options={Object.entries(SIDEBAR_FILTERS).map(([value, color]) => ({ value, color, name: colorName(value) }))}
          />
        </Section>
        <Section>
          <SwatchGroup
            label={t('customizer.headerFilter')}
            value={preference.headerFilter}
            onChange={(v) => set('headerFilter')(v as ThemePreference['headerFilter'])}
            options={Object.entries(HEADER_FILTERS).map(([value, color]) => ({ value, color, name: colorName(value) }))}
          />
        </Section>
        <Section>
          <SwatchGroup
            label={t('customizer.sidebarImage')}
            value={String(preference.sidebarImage)}
            onChange={(v) => set('sidebarImage')(Number(v))}
            options={SIDEBAR_IMAGES.map((image, index) => ({
              value: String(index),
              color: SIDEBAR_FILTERS[preference.sidebarFilter === 'white' ? 'navy' : preference.sidebarFilter],
              image,
              name: t('customizer.imageOption', { index: index + 1 }),
            }))}
          />
        </Section>
        <Section>
          <TextField
            select
            label={t('customizer.routerAnimation')}
            value={preference.animation}
            onChange={(e) => set('animation')(e.target.value as ThemePreference['animation'])}
            size="small"
          >
            {ROUTER_ANIMATIONS.map((a) => (
              <MenuItem key={a} value={a}>
                {t(`customizer.animations.${a}`)}
              </MenuItem>
            ))}
          </TextField>
        </Section>
        <Stack sx={{ pb: 2 }}>
          <FormControlLabel control={<Switch checked={preference.dark} onChange={(_, v) => set('dark')(v)} />} label={t('customizer.darkMode')} />
          <FormControlLabel
            control={<Switch checked={preference.collapsed} onChange={(_, v) => set('collapsed')(v)} />}
            label={t('customizer.collapseSidebar')}
          />
          <FormControlLabel control={<Switch checked={preference.rtl} onChange={(_, v) => set('rtl')(v)} />} label={t('customizer.rtl')} />
        </Stack>
        <Divider />
        <Box sx={{ py: 2 }}>
          <Button variant="outlined" onClick={reset} fullWidth>
            {t('actions.reset')}
          </Button>
        </Box>
      </Box>
    </Drawer>
  );
}
