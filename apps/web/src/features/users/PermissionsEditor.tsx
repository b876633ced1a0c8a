import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, DialogActions, DialogContent, InputAdornment, TextField, Typography } from '@mui/material';
import Search from '@mui/icons-material/Search';
import type { PermissionSection } from '@omnio/domain';
import { applyLevel, toggle, visibleSections } from './permissions-model';
import { PermissionSectionRow } from './PermissionSectionRow';

interface PermissionsEditorProps {
  initial: ReadonlySet<number>;
  /** The default permissions of the user's role; offers a reset when known. */
  roleDefaults?: ReadonlySet<number>;
  includePlatform: boolean;
  saving: boolean;
  error?: string | null;
  onCancel(): void;
  onSave(ids: number[]): void;
}

export function PermissionsEditor({ initial, roleDefaults, includePlatform, saving, error, onCancel, onSave }: PermissionsEditorProps) {
  const { t } = useTranslation('users');
  const [held, setHeld] = useState<ReadonlySet<number>>(initial);
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<PermissionSection>>(new Set());
  const sections = visibleSections(search, includePlatform);
  const searching = search.trim() !== '';

  return (
    <>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          type="search"
          size="small"
          fullWidth
          label={t('permissions.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
          sx={{ mb: 1 }}
        />
        {sections.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {t('permissions.noMatch', { search })}
          </Typography>
        )}
        {sections.map(({ section, permissions }) => (
          <PermissionSectionRow
            key={section}
            section={section}
            permissions={permissions}
            held={held}
            expanded={searching || expanded.has(section)}
            onExpand={(open) => setExpanded((s) => toggleSection(s, section, open))}
            onLevel={(level) => setHeld((h) => applyLevel(h, section, level))}
            onToggle={(id, on) => setHeld((h) => toggle(h, id, on))}
          />
        ))}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {roleDefaults && (
          <Button onClick={() => setHeld(new Set(roleDefaults))} sx={{ mr: 'auto' }}>
            {t('permissions.resetToRole')}
          </Button>
        )}
        <Button onClick={onCancel}>{t('actions.cancel')}</Button>
        <Button variant="contained" loading={saving} onClick={() => onSave([...held].sort((a, b) => a - b))}>
          {t('actions.save')}
        </Button>
      </DialogActions>
    </>
  );
}

function toggleSection(sections: ReadonlySet<PermissionSection>, section: PermissionSection, open: boolean) {
  const next = new Set(sections);
  if (open) next.add(section);
  else next.delete(section);
  return next;
}
