import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Checkbox, FormControlLabel, FormGroup, FormHelperText, Grid, IconButton, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { ILOC_STRATEGIES, SETTABLE_FIELDS } from '@omnio/domain';
import { useIlocs } from '../../shared/ilocs/iloc-api';
import { useSession } from '../../shared/session/useSession';
import { errorText, NATIVE_SELECT } from '../../shared/ui/form-helpers';
import { LoadingState } from '../../shared/ui/StateViews';

type Form = Record<string, unknown>;

interface ActionFormProps {
  action: string;
  formData: Form;
  disabled: boolean;
  err(path: string): string | undefined;
  onChange(formData: Form): void;
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
/** Empty inputs are left out: the action schemas take a missing optional, not ''. */
const without = (form: Form, key: string, value: unknown): Form => {
  const next = { ...form };
  if (value === '' || value === undefined || value === null) delete next[key];
  else next[key] = value;
  return next;
};

/** The formData of one action node, a form per action_type (docs/api-rules.md "Actions"). */
export function ActionForm({ action, formData: f, disabled, err, onChange }: ActionFormProps) {
  const { t } = useTranslation('rules');
  const field = (key: string, label: string, opts: { required?: boolean; multiline?: boolean; type?: string; hint?: string } = {}) => (
    <TextField
      size="small" fullWidth label={label} value={text(f[key])} disabled={disabled} required={opts.required} multiline={opts.multiline} minRows={opts.multiline ? 2 : undefined}
      type={opts.type} error={Boolean(err(key))} helperText={err(key) ?? opts.hint} slotProps={{ inputLabel: { shrink: true } }}
      onChange={(e) => onChange(without(f, key, opts.type === 'number' && e.target.value !== '' ? Number(e.target.value) : e.target.value))}
    />
  );
  switch (action) {
    case 'select_inventory_location':
      return <IlocForm formData={f} disabled={disabled} err={err} onChange={onChange} />;
    case 'set_ship_method':
      return <Stack spacing={2}>{field('ship_method', t('act.shipMethod'))}{field('ship_carrier', t('act.shipCarrier'))}</Stack>;
    case 'hold':
      return (
        <Stack spacing={2}>
          <TextField
            size="small" fullWidth type="datetime-local" label={t('act.holdUntil')} disabled={disabled} slotProps={{ inputLabel: { shrink: true } }}
            value={typeof f.until === 'string' ? toLocalInput(f.until) : ''} error={Boolean(err('until'))} helperText={err('until')}
            onChange={(e) => onChange(without(without(f, 'hours', undefined), 'until', e.target.value ? new Date(e.target.value).toISOString() : ''))}
          />
          <TextField
            size="small" fullWidth type="number" label={t('act.holdHours')} disabled={disabled} value={text(f.hours)} slotProps={{ inputLabel: { shrink: true } }}
            error={Boolean(err('hours'))} helperText={err('hours') ?? t('act.holdHint')}
            onChange={(e) => onChange(without(without(f, 'until', undefined), 'hours', e.target.value ? Number(e.target.value) : ''))}
          />
        </Stack>
      );
    case 'add_tag':
      return field('tag', t('act.tag'), { required: true });
    case 'add_note':
      return field('note', t('act.note'), { required: true, multiline: true });
    case 'set_field':
      return (
        <Stack spacing={2}>
          <TextField
            select size="small" fullWidth label={t('act.field')} disabled={disabled} slotProps={NATIVE_SELECT} error={Boolean(err('field'))} helperText={err('field')}
            value={text(f.field)} onChange={(e) => onChange({ ...f, field: e.target.value })}
          >
            {SETTABLE_FIELDS.map((s) => <option key={s} value={s}>{s}</option>)}
            {text(f.field).startsWith('metadata.') && <option value={text(f.field)}>{text(f.field)}</option>}
          </TextField>
          <TextField
            size="small" fullWidth label={t('act.value')} disabled={disabled} value={text(f.value)} error={Boolean(err('value'))} helperText={err('value')}
            onChange={(e) => onChange({ ...f, value: e.target.value })}
          />
        </Stack>
      );
    case 'cancel':
      return field('reason', t('act.reason'));
    case 'notify':
      return <Stack spacing={2}>{field('title', t('act.title'), { required: true })}{field('message', t('act.message'), { multiline: true })}</Stack>;
    case 'add_line':
      return (
        <Stack spacing={2}>
          {field('sku', t('act.sku'), { required: true })}
          {field('quantity', t('act.quantity'), { required: true, type: 'number' })}
          {field('price', t('act.price'))}
          <FormControlLabel
            control={<Checkbox checked={f.once !== false} disabled={disabled} onChange={(e) => onChange({ ...f, once: e.target.checked })} />}
            label={t('act.once')}
          />
        </Stack>
      );
    case 'replace_line':
      return <ReplaceLineForm formData={f} disabled={disabled} err={err} onChange={onChange} />;
    default:
      return null;
  }
}

/** An ISO time as the datetime-local input shows it (local time, minutes). */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function IlocForm({ formData: f, disabled, err, onChange }: Omit<ActionFormProps, 'action'>) {
  const { t } = useTranslation('rules');
  const session = useSession();
  const ilocs = useIlocs(session.company?.id, { page: 1, perPage: 100, search: '', status: '', archived: false, orderBy: 'name', orderDirection: 'ASC' });
  const strategy = text(f.strategy) || 'stock';
  const chosen = Array.isArray(f.iloc_ids) ? (f.iloc_ids as string[]) : [];
  const list = ilocs.data?.data ?? [];
  const setStrategy = (s: string) => onChange(s === 'iloc' ? { strategy: s, iloc_id: f.iloc_id ?? null } : { strategy: s, ...(chosen.length ? { iloc_ids: chosen } : {}) });
  const toggle = (id: string, on: boolean) => {
    const next = on ? [...chosen, id] : chosen.filter((x) => x !== id);
    onChange(without({ strategy }, 'iloc_ids', next.length ? next : undefined));
  };
  return (
    <Stack spacing={2}>
      <TextField
        select size="small" fullWidth label={t('act.strategy')} value={strategy} disabled={disabled} slotProps={NATIVE_SELECT}
        error={Boolean(err('strategy'))} helperText={err('strategy')} onChange={(e) => setStrategy(e.target.value)}
      >
        {ILOC_STRATEGIES.map((s) => <option key={s} value={s}>{t(`act.strategies.${s}`)}</option>)}
      </TextField>
      {ilocs.isPending && Boolean(session.company?.id) ? (
        <LoadingState minHeight={80} />
      ) : ilocs.isError ? (
        <Alert severity="error">{`${t('errors.ilocs')}: ${errorText(ilocs.error)}`}</Alert>
      ) : strategy === 'iloc' ? (
        <TextField
          select size="small" fullWidth required label={t('act.iloc')} value={text(f.iloc_id)} disabled={disabled} slotProps={NATIVE_SELECT}
          error={Boolean(err('iloc_id'))} helperText={err('iloc_id')} onChange={(e) => onChange({ strategy, iloc_id: e.target.value || null })}
        >
          <option value="">{t('act.chooseIloc')}</option>
          {list.map((l) => <option key={l.id} value={l.id}>{l.code ? `${l.name} (${l.code})` : l.name}</option>)}
        </TextField>
      ) : (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="body2">{t('act.candidates')}</Typography>
          <FormGroup>
            {list.map((l) => (
              <FormControlLabel
                key={l.id} label={chosen.includes(l.id) ? `${chosen.indexOf(l.id) + 1}. ${l.name}` : l.name}
                control={<Checkbox size="small" checked={chosen.includes(l.id)} disabled={disabled} onChange={(e) => toggle(l.id, e.target.checked)} />}
              />
            ))}
          </FormGroup>
          <FormHelperText error={Boolean(err('iloc_ids'))}>{err('iloc_ids') ?? t('act.candidatesHint')}</FormHelperText>
        </Box>
      )}
    </Stack>
  );
}

function ReplaceLineForm({ formData: f, disabled, err, onChange }: Omit<ActionFormProps, 'action'>) {
  const { t } = useTranslation('rules');
  const rows = Array.isArray(f.with) ? (f.with as { sku: string; quantity: number }[]) : [];
  const setRows = (next: typeof rows) => onChange({ ...f, with: next });
  return (
    <Stack spacing={2}>
      <TextField
        size="small" fullWidth required label={t('act.matchSku')} value={text(f.match_sku)} disabled={disabled} error={Boolean(err('match_sku'))}
        helperText={err('match_sku')} onChange={(e) => onChange({ ...f, match_sku: e.target.value })}
      />
      <Typography variant="body2">{t('act.withLines')}</Typography>
      {rows.map((r, i) => (
        <Grid container spacing={1} key={i} sx={{ alignItems: 'center' }}>
          <Grid size={6}>
            <TextField size="small" fullWidth label={t('act.sku')} value={r.sku} disabled={disabled} error={Boolean(err(`with.${i}.sku`))} helperText={err(`with.${i}.sku`)}
              onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, sku: e.target.value } : x)))} />
          </Grid>
          <Grid size={4}>
            <TextField size="small" fullWidth type="number" label={t('act.quantity')} value={String(r.quantity)} disabled={disabled} error={Boolean(err(`with.${i}.quantity`))}
              onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, quantity: Number(e.target.value) } : x)))} />
          </Grid>
          <Grid size={2}>
            {!disabled && (
              <IconButton size="small" aria-label={t('act.removeWith', { n: i + 1 })} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                <DeleteOutline fontSize="small" />
              </IconButton>
            )}
          </Grid>
        </Grid>
      ))}
      {!disabled && (
        <Button size="small" startIcon={<AddIcon />} onClick={() => setRows([...rows, { sku: '', quantity: 1 }])} sx={{ alignSelf: 'flex-start' }}>{t('act.addWith')}</Button>
      )}
    </Stack>
  );
}
