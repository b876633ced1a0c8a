import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button, Grid, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { COMPARISONS, CONDITION_MATCHES, LINE_QUANTIFIERS, ORDER_FLOW_FIELDS, type TFlowCondition } from '@omnio/domain';
import { NATIVE_SELECT } from '../../shared/ui/form-helpers';
import { blankCondition, fieldOf, labelOf, LINE_SUM_FIELDS, operatorLabel, operatorsFor } from './flow-model';

type Condition = Partial<TFlowCondition> & Record<string, unknown>;
type Scalar = string | number | boolean | null;
const METADATA = '__metadata';
const NO_VALUE = ['is_blank', 'is_not_blank'];
const AGGREGATES = ['order_total_items', 'order_total_line', 'custom_sum', 'custom_count'];
const CUSTOM_COMPARES = [...COMPARISONS, 'contains', 'starts_with', 'ends_with', 'is_blank'] as const;

interface ConditionBuilderProps {
  formData: Record<string, unknown>;
  disabled: boolean;
  /** The error at a path under formData ('conditions.0.operator'). */
  err(path: string): string | undefined;
  onChange(formData: Record<string, unknown>): void;
}

/** A condition node's conditions: how they combine, then one row per `field operator value`. */
export function ConditionBuilder({ formData, disabled, err, onChange }: ConditionBuilderProps) {
  const { t } = useTranslation('rules');
  const conditions = (Array.isArray(formData.conditions) ? formData.conditions : []) as Condition[];
  const match = typeof formData.match === 'string' ? formData.match : 'all';
  const setRows = (rows: Condition[]) => onChange({ ...formData, match, conditions: rows });
  return (
    <Stack spacing={2}>
      <TextField
        select size="small" label={t('cond.match')} value={match} disabled={disabled} slotProps={NATIVE_SELECT}
        onChange={(e) => onChange({ ...formData, match: e.target.value, conditions })}
      >
        {CONDITION_MATCHES.map((m) => <option key={m} value={m}>{t(`cond.matches.${m}`)}</option>)}
      </TextField>
      {err('conditions') && <Typography color="error" variant="body2">{err('conditions')}</Typography>}
      {conditions.map((c, i) => (
        <ConditionRow
          key={i} n={i + 1} condition={c} disabled={disabled} err={(p) => err(`conditions.${i}.${p}`)}
          onChange={(next) => setRows(conditions.map((x, j) => (j === i ? next : x)))}
          onRemove={() => setRows(conditions.filter((_, j) => j !== i))}
        />
      ))}
      {!disabled && (
        <Button size="small" startIcon={<AddIcon />} onClick={() => setRows([...conditions, blankCondition()])} sx={{ alignSelf: 'flex-start' }}>
          {t('cond.add')}
        </Button>
      )}
    </Stack>
  );
}

/** Order fields, then line fields, then a custom `metadata.<key>`. */
function FieldOptions({ lineOnly = false }: { lineOnly?: boolean }) {
  const { t, i18n } = useTranslation('rules');
  const group = (scope: 'order' | 'line') =>
    ORDER_FLOW_FIELDS.filter((f) => f.scope === scope).map((f) => <option key={f.key} value={f.key}>{labelOf(f.label, i18n.language)}</option>);
  return (
    <>
      {!lineOnly && <optgroup label={t('cond.orderFields')}>{group('order')}</optgroup>}
      <optgroup label={t('cond.lineFields')}>{group('line')}</optgroup>
      {!lineOnly && <option value={METADATA}>{t('cond.customField')}</option>}
    </>
  );
}

interface RowProps {
  n: number;
  condition: Condition;
  disabled: boolean;
  err(path: string): string | undefined;
  onChange(next: Condition): void;
  onRemove(): void;
}

function ConditionRow({ n, condition: c, disabled, err, onChange, onRemove }: RowProps) {
  const { t, i18n } = useTranslation('rules');
  const field = c.field ?? '';
  const operator = c.operator ?? 'equals';
  const metadata = field.startsWith('metadata.');
  const line = fieldOf(field)?.scope === 'line';
  const aggregate = AGGREGATES.includes(operator);
  const set = (patch: Condition) => onChange(clean({ ...c, ...patch }));
  const setField = (next: string) => {
    const key = next === METADATA ? 'metadata.' : next;
    const ops = operatorsFor(key);
    set({ field: key, operator: ops.includes(operator) ? operator : ops[0], quantifier: undefined });
  };
  const setOperator = (op: string) => {
    const patch: Condition = { operator: op as Condition['operator'], value: undefined, value2: undefined, compare: undefined, where: undefined };
    if (AGGREGATES.includes(op) || op === 'custom_field') patch.compare = 'gte';
    if (op === 'custom_sum') patch.field = 'line.quantity';
    if (op === 'custom_count') patch.where = { field: 'line.sku', operator: 'equals', value: '' };
    set(patch);
  };
  const props = (path: string) => ({ size: 'small' as const, fullWidth: true, disabled, error: Boolean(err(path)), helperText: err(path) });

  return (
    <Box role="group" aria-label={t('cond.row', { n })} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Grid container spacing={1.5}>
        {operator !== 'custom_sum' && operator !== 'custom_count' && (
          <Grid size={12}>
            <TextField select label={t('cond.field')} value={metadata ? METADATA : field} onChange={(e) => setField(e.target.value)} slotProps={NATIVE_SELECT} {...props('field')}>
              <FieldOptions />
            </TextField>
          </Grid>
        )}
        {metadata && (
          <Grid size={12}>
            <TextField label={t('cond.metadataKey')} value={field.slice('metadata.'.length)} onChange={(e) => set({ field: `metadata.${e.target.value}` })} {...props('field')} />
          </Grid>
        )}
        <Grid size={12}>
          <TextField select label={t('cond.operator')} value={operator} onChange={(e) => setOperator(e.target.value)} slotProps={NATIVE_SELECT} {...props('operator')}>
            {operatorsFor(field).map((op) => <option key={op} value={op}>{operatorLabel(op, i18n.language)}</option>)}
          </TextField>
        </Grid>
        {line && !aggregate && (
          <Grid size={12}>
            <TextField select label={t('cond.quantifier')} value={c.quantifier ?? 'any'} onChange={(e) => set({ quantifier: e.target.value as Condition['quantifier'] })} slotProps={NATIVE_SELECT} {...props('quantifier')}>
              {LINE_QUANTIFIERS.map((q) => <option key={q} value={q}>{t(`cond.quantifiers.${q}`)}</option>)}
            </TextField>
          </Grid>
        )}
        {operator === 'custom_sum' && (
          <Grid size={12}>
            <TextField select label={t('cond.sumOf')} value={field} onChange={(e) => set({ field: e.target.value })} slotProps={NATIVE_SELECT} {...props('field')}>
              {LINE_SUM_FIELDS.map((f) => <option key={f} value={f}>{labelOf(ORDER_FLOW_FIELDS.find((x) => x.key === f)!.label, i18n.language)}</option>)}
            </TextField>
          </Grid>
        )}
        {operator === 'custom_count' && (
          <Grid size={12}>
            <WhereRow where={c.where} disabled={disabled} err={(p) => err(`where.${p}`)} onChange={(where) => set({ where, field: where.field })} />
          </Grid>
        )}
        {(aggregate || operator === 'custom_field') && (
          <Grid size={5}>
            <TextField select label={t('cond.compare')} value={c.compare ?? 'gte'} onChange={(e) => set({ compare: e.target.value as Condition['compare'] })} slotProps={NATIVE_SELECT} {...props('compare')}>
              {(operator === 'custom_field' ? CUSTOM_COMPARES : COMPARISONS).map((x) => <option key={x} value={x}>{t(`cond.comparisons.${x}`)}</option>)}
            </TextField>
          </Grid>
        )}
        <ValueInputs
          field={aggregate ? '' : field} operator={operator} numeric={aggregate} value={c.value} value2={c.value2} disabled={disabled} err={err}
          hidden={NO_VALUE.includes(operator) || (operator === 'custom_field' && c.compare === 'is_blank')} onChange={set}
        />
      </Grid>
      {!disabled && (
        <Box sx={{ textAlign: 'right' }}>
          <Tooltip title={t('cond.remove', { n })}>
            <IconButton size="small" aria-label={t('cond.remove', { n })} onClick={onRemove}><DeleteOutline fontSize="small" /></IconButton>
          </Tooltip>
        </Box>
      )}
    </Box>
  );
}

/** The values an operator compares with: none, one, a list (in / not in) or two (between). */
function ValueInputs({ field, operator, numeric, value, value2, disabled, hidden, err, onChange }: {
  field: string; operator: string; numeric: boolean; value: unknown; value2: unknown; disabled: boolean; hidden: boolean;
  err(path: string): string | undefined; onChange(patch: Condition): void;
}) {
  const { t } = useTranslation('rules');
  if (hidden) return null;
  const kind = numeric ? 'number' : (fieldOf(field)?.kind ?? 'text');
  const read = (raw: string): Scalar => (kind === 'number' && raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw);
  const type = kind === 'number' ? 'number' : kind === 'date' ? 'date' : 'text';
  const common = { size: 'small' as const, fullWidth: true, disabled, type, slotProps: { inputLabel: { shrink: true } } };
  if (operator === 'in' || operator === 'not_in') {
    return (
      <Grid size={12}>
        <ListInput value={value} label={t('cond.value')} hint={t('cond.listHint')} error={err('value')} disabled={disabled} read={read} onChange={(v) => onChange({ value: v })} />
      </Grid>
    );
  }
  if (kind === 'boolean') {
    return (
      <Grid size={12}>
        <TextField select {...common} label={t('cond.value')} value={String(value ?? 'true')} onChange={(e) => onChange({ value: e.target.value === 'true' })} slotProps={NATIVE_SELECT}>
          <option value="true">true</option><option value="false">false</option>
        </TextField>
      </Grid>
    );
  }
  const between = operator === 'between';
  return (
    <>
      <Grid size={between ? 6 : numeric || operator === 'custom_field' ? 7 : 12}>
        <TextField {...common} label={t('cond.value')} value={String(value ?? '')} onChange={(e) => onChange({ value: read(e.target.value) })} error={Boolean(err('value'))} helperText={err('value')} />
      </Grid>
      {between && (
        <Grid size={6}>
          <TextField {...common} label={t('cond.value2')} value={String(value2 ?? '')} onChange={(e) => onChange({ value2: read(e.target.value) })} error={Boolean(err('value2'))} helperText={err('value2')} />
        </Grid>
      )}
    </>
  );
}

/** A comma-separated list kept as typed (a trailing comma survives) and sent as a list. */
function ListInput({ value, label, hint, error, disabled, read, onChange }: {
  value: unknown; label: string; hint: string; error?: string; disabled: boolean; read(raw: string): Scalar; onChange(v: Scalar[]): void;
}) {
  const [text, setText] = useState(() => (Array.isArray(value) ? value.join(', ') : value === undefined || value === null ? '' : String(value as Scalar)));
  return (
    <TextField
      size="small" fullWidth label={label} value={text} disabled={disabled} error={Boolean(error)} helperText={error ?? hint}
      onChange={(e) => {
        setText(e.target.value);
        onChange(e.target.value.split(',').map((s) => s.trim()).filter(Boolean).map(read));
      }}
    />
  );
}

/** custom_count: which lines are counted (a line or SKU field condition). */
function WhereRow({ where, disabled, err, onChange }: {
  where: Condition['where']; disabled: boolean; err(path: string): string | undefined; onChange(where: NonNullable<Condition['where']>): void;
}) {
  const { t, i18n } = useTranslation('rules');
  const w = where ?? { field: 'line.sku', operator: 'equals' as const };
  const ops = operatorsFor(w.field).filter((op) => !AGGREGATES.includes(op) && op !== 'custom_field');
  return (
    <Box role="group" aria-label={t('cond.where')}>
      <Typography variant="caption" color="text.secondary">{t('cond.where')}</Typography>
      <Grid container spacing={1}>
        <Grid size={12}>
          <TextField select size="small" fullWidth label={t('cond.field')} value={w.field} disabled={disabled} slotProps={NATIVE_SELECT} error={Boolean(err('field'))}
            onChange={(e) => onChange({ ...w, field: e.target.value })}>
            <FieldOptions lineOnly />
          </TextField>
        </Grid>
        <Grid size={6}>
          <TextField select size="small" fullWidth label={t('cond.operator')} value={w.operator} disabled={disabled} slotProps={NATIVE_SELECT} error={Boolean(err('operator'))}
            onChange={(e) => onChange({ ...w, operator: e.target.value as typeof w.operator })}>
            {ops.map((op) => <option key={op} value={op}>{operatorLabel(op, i18n.language)}</option>)}
          </TextField>
        </Grid>
        {!NO_VALUE.includes(w.operator) && (
          <Grid size={6}>
            <TextField size="small" fullWidth label={t('cond.value')} value={String(w.value ?? '')} disabled={disabled} error={Boolean(err('value'))}
              onChange={(e) => onChange({ ...w, value: fieldOf(w.field)?.kind === 'number' && e.target.value !== '' ? Number(e.target.value) : e.target.value })} />
          </Grid>
        )}
      </Grid>
    </Box>
  );
}

/** Drops keys left undefined, so the strict schema sees only what the operator takes. */
function clean(c: Condition): Condition {
  return Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) as Condition;
}
