import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Divider, Stack, TextField, Typography } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useMessageTextWith, NATIVE_SELECT } from '../../shared/ui/form-helpers';
import { ActionForm } from './ActionForm';
import { ConditionBuilder } from './ConditionBuilder';
import { actionLabel, connect, removeNodes, type FlowNode } from './flow-model';
import { rulesMessagesEs } from './i18n';

export interface NodeProblem {
  /** The path under the node ('formData.conditions.0.operator', 'name', or '' for the node itself). */
  rest: string;
  message: string;
}

interface NodeFormProps {
  nodes: FlowNode[];
  node: FlowNode;
  problems: NodeProblem[];
  readOnly: boolean;
  onChange(nodes: FlowNode[]): void;
  onSelect(id: string | null): void;
}

/** The selected node: its name, where each branch goes ("Connect to…", the keyboard's edges) and its formData. */
export function NodeForm({ nodes, node, problems, readOnly, onChange, onSelect }: NodeFormProps) {
  const { t, i18n } = useTranslation('rules');
  const message = useMessageTextWith(rulesMessagesEs);
  const say = (m: string) => message(m) ?? m;
  const err = (path: string) => {
    const hit = problems.find((p) => p.rest === path);
    return hit ? say(hit.message) : undefined;
  };
  const patch = (p: Partial<FlowNode>) => onChange(nodes.map((n) => (n.id === node.id ? { ...n, ...p } : n)));
  const targets = nodes.filter((n) => n.id !== node.id && n.type !== 'start');
  const branch = (label: string, index: 0 | 1) => (
    <TextField
      select size="small" fullWidth label={label} value={node.next[index] ?? ''} disabled={readOnly} slotProps={NATIVE_SELECT}
      error={Boolean(err(`next.${index}`) ?? (index === 0 ? err('next') : undefined))} helperText={err(`next.${index}`) ?? (index === 0 ? err('next') : undefined)}
      onChange={(e) => onChange(connect(nodes, node.id, index, e.target.value))}
    >
      <option value="">{t('node.endsFlow')}</option>
      {targets.map((n) => <option key={n.id} value={n.id}>{`${n.name} (${t(`types.${n.type}`)})`}</option>)}
    </TextField>
  );
  const setForm = (formData: Record<string, unknown>) =>
    patch(node.action_type === 'select_inventory_location'
      ? { formData, iloc_id: formData.strategy === 'iloc' && typeof formData.iloc_id === 'string' ? formData.iloc_id : null }
      : { formData });
  const formErr = (path: string) => err(`formData.${path}`);

  return (
    <Box component="section" aria-labelledby="rule-node-form-title">
      <Typography id="rule-node-form-title" variant="subtitle1" component="h2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {t('node.title', { name: node.name })}
      </Typography>
      {problems.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problems.map((p, i) => <div key={i}>{p.rest ? `${p.rest}: ${say(p.message)}` : say(p.message)}</div>)}
        </Alert>
      )}
      <Stack spacing={2}>
        <TextField
          size="small" fullWidth label={t('node.name')} value={node.name} disabled={readOnly} required
          error={Boolean(err('name'))} helperText={err('name')} onChange={(e) => patch({ name: e.target.value })}
        />
        {node.action_type && <Typography variant="body2">{`${t('node.action')}: ${actionLabel(node.action_type, i18n.language)}`}</Typography>}
        {node.type === 'start' && <Typography variant="body2" color="text.secondary">{t('node.startHint')}</Typography>}
        {node.type === 'end' && <Typography variant="body2" color="text.secondary">{t('node.endHint')}</Typography>}
        {node.type === 'condition' ? (
          <>
            {branch(t('node.connectYes'), 0)}
            {branch(t('node.connectNo'), 1)}
          </>
        ) : (
          node.type !== 'end' && branch(t('node.connectNext'), 0)
        )}
        {(node.type === 'condition' || node.action_type) && <Divider />}
        {node.type === 'condition' && <ConditionBuilder formData={node.formData} disabled={readOnly} err={formErr} onChange={setForm} />}
        {node.action_type && <ActionForm action={node.action_type} formData={node.formData} disabled={readOnly} err={formErr} onChange={setForm} />}
        {!readOnly && node.type !== 'start' && (
          <Button
            color="error" variant="outlined" size="small" startIcon={<DeleteOutline />} sx={{ alignSelf: 'flex-start' }}
            onClick={() => { onChange(removeNodes(nodes, [node.id])); onSelect(null); }}
          >
            {t('node.delete')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
