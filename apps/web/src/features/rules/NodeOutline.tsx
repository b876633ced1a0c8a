import { useTranslation } from 'react-i18next';
import { Box, Button, Chip, List, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { FLOW_ACTIONS } from '@omnio/domain';
import { actionLabel, type FlowNode, type PaletteItem } from './flow-model';

interface NodeOutlineProps {
  nodes: FlowNode[];
  selectedId: string | null;
  problemsByNode: Record<string, number>;
  onSelect(id: string): void;
}

/** Every node as a button: the keyboard's and the phone's way through the flow. */
export function NodeOutline({ nodes, selectedId, problemsByNode, onSelect }: NodeOutlineProps) {
  const { t, i18n } = useTranslation('rules');
  const nameOf = (id: string) => nodes.find((n) => n.id === id)?.name ?? id;
  const where = (n: FlowNode) => {
    if (n.type === 'condition') {
      return [n.next[0] ? `${t('node.yes')} → ${nameOf(n.next[0])}` : null, n.next[1] ? `${t('node.no')} → ${nameOf(n.next[1])}` : null].filter(Boolean).join(' · ');
    }
    return n.next[0] ? `→ ${nameOf(n.next[0])}` : '';
  };
  return (
    <Box component="nav" aria-labelledby="rule-outline-title">
      <Typography id="rule-outline-title" variant="subtitle1" component="h2">{t('editor.outline')}</Typography>
      <Typography variant="caption" color="text.secondary">{t('editor.outlineHint')}</Typography>
      <List dense disablePadding sx={{ mt: 1, maxHeight: { md: 260 }, overflowY: 'auto' }}>
        {nodes.map((n) => (
          <ListItemButton
            key={n.id} selected={n.id === selectedId} aria-current={n.id === selectedId ? 'true' : undefined} onClick={() => onSelect(n.id)}
            sx={{ borderRadius: 1, gap: 1 }}
          >
            <Chip size="small" label={t(`types.${n.type}`)} sx={{ minWidth: 80 }} />
            <ListItemText
              primary={n.name}
              secondary={[n.action_type ? actionLabel(n.action_type, i18n.language) : '', where(n)].filter(Boolean).join(' · ')}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
            {problemsByNode[n.id] ? <Chip size="small" color="error" label={t('editor.problemsOn', { count: problemsByNode[n.id] })} /> : null}
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}

/** Buttons adding a condition, each action, or an end. */
export function NodePalette({ onAdd }: { onAdd(item: PaletteItem, name: string): void }) {
  const { t, i18n } = useTranslation('rules');
  return (
    <Box role="group" aria-labelledby="rule-palette-title" sx={{ mb: 1 }}>
      <Typography id="rule-palette-title" variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>{t('editor.palette')}</Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => onAdd({ kind: 'condition' }, t('editor.addCondition'))}>
          {t('editor.addCondition')}
        </Button>
        {FLOW_ACTIONS.map((a) => (
          <Button key={a} size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => onAdd({ kind: 'action', action: a }, actionLabel(a, i18n.language))}>
            {actionLabel(a, i18n.language)}
          </Button>
        ))}
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => onAdd({ kind: 'end' }, t('editor.addEnd'))}>{t('editor.addEnd')}</Button>
      </Stack>
    </Box>
  );
}
