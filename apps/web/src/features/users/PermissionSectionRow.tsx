import { useTranslation } from 'react-i18next';
import { Box, Checkbox, Chip, Collapse, FormControlLabel, IconButton, Stack, TextField, Typography } from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { PERMISSION_LEVELS, type PermissionDef, type PermissionLevel, type PermissionSection } from '@omnio/domain';
import { distinctLevels, hasLevels, levelExtras, sectionState } from './permissions-model';

interface PermissionSectionRowProps {
  section: PermissionSection;
  permissions: PermissionDef[];
  held: ReadonlySet<number>;
  expanded: boolean;
  onExpand(expanded: boolean): void;
  onLevel(level: PermissionLevel): void;
  onToggle(id: number, on: boolean): void;
}

export function PermissionSectionRow({ section, permissions, held, expanded, onExpand, onLevel, onToggle }: PermissionSectionRowProps) {
  const { t } = useTranslation('users');
  const title = t(`sections.${section}`, { defaultValue: section });
  const state = sectionState(section, held);
  const offered = distinctLevels(section);
  const listId = `perm-section-${section.replace(/\W+/g, '-')}`;
  const extras = levelExtras(section, state.level);

  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', py: 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
          <IconButton
            size="small"
            onClick={() => onExpand(!expanded)}
            aria-expanded={expanded}
            aria-controls={listId}
            aria-label={t(expanded ? 'permissions.collapse' : 'permissions.expand', { section: title })}
          >
            <ExpandMore sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
          </IconButton>
          <Typography sx={{ fontWeight: 500 }}>{title}</Typography>
          {state.custom && <Chip size="small" variant="outlined" label={t('permissions.custom')} />}
        </Stack>
        {extras.length > 0 && (
          <Typography variant="caption" color="text.secondary">
            {t('permissions.includes', { names: extras.join(', ') })}
          </Typography>
        )}
        {hasLevels(section) && (
          <TextField
            select
            size="small"
            label={t('permissions.level')}
            value={state.level}
            onChange={(e) => onLevel(e.target.value as PermissionLevel)}
            slotProps={{ select: { native: true, inputProps: { 'aria-label': t('permissions.levelOf', { section: title }) } } }}
            sx={{ width: { xs: '100%', sm: 200 } }}
          >
            {PERMISSION_LEVELS.map((level) => (
              <option key={level} value={level} disabled={!offered.has(level)}>
                {t(`permissions.levels.${level}`)}
              </option>
            ))}
          </TextField>
        )}
      </Stack>
      <Collapse in={expanded} unmountOnExit>
        <Box
          id={listId}
          role="group"
          aria-label={title}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pl: { sm: 5 }, pt: 1 }}
        >
          {permissions.map((permission) => (
            <FormControlLabel
              key={permission.id}
              control={<Checkbox size="small" checked={held.has(permission.id)} onChange={(e) => onToggle(permission.id, e.target.checked)} />}
              label={permission.name}
            />
          ))}
        </Box>
      </Collapse>
    </Box>
  );
}
