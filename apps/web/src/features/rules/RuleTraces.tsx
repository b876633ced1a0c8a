import { useTranslation } from 'react-i18next';
import { Alert, Box, Chip, Paper, Stack, Typography } from '@mui/material';
import type { FlowTraceDto, TraceStepDto } from '@omnio/domain';
import { errorText } from '../../shared/ui/form-helpers';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useIlocs } from '../../shared/ilocs/iloc-api';
import { useSession } from '../../shared/session/useSession';
import { useRuleTraces } from './api';
import { ChangeList } from './DryRunPanel';
import { actionLabel, fieldLabel, operatorLabel, shown } from './flow-model';
import './i18n';
import { formatDateTime } from '../../shared/format/format';

/** The order page's "why": each time rules ran on the order, the flows, their branches and what each action changed. */
export function RuleTraces({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation('rules');
  const traces = useRuleTraces(orderId);
  return (
    <Paper component="section" variant="outlined" aria-labelledby="rule-traces-title" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id="rule-traces-title" variant="h6" component="h2" sx={{ mb: 1 }}>{t('traces.title')}</Typography>
      {traces.isPending ? (
        <LoadingState minHeight={120} />
      ) : traces.isError ? (
        <ErrorState message={`${t('errors.traces')}: ${errorText(traces.error)}`} onRetry={() => void traces.refetch()} />
      ) : traces.data.length === 0 ? (
        <EmptyState message={t('traces.empty')} />
      ) : (
        <Stack spacing={2}>
          {traces.data.map((trace) => (
            <Paper key={trace.id} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
                <Typography variant="subtitle2">{formatDateTime(trace.created_at, { language: i18n.language })}</Typography>
                <Chip size="small" label={`${t('traces.trigger')}: ${t(`traces.triggers.${trace.trigger}`, { defaultValue: trace.trigger })}`} />
                <Chip size="small" variant="outlined" label={t(`hooks.${trace.hook_point}`)} />
                {trace.error && <Chip size="small" color="error" label={t('traces.failed')} />}
              </Stack>
              <Stack spacing={1.5}>{trace.flows.map((f, i) => <FlowTrace key={`${f.flow_id}-${i}`} flow={f} />)}</Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function FlowTrace({ flow }: { flow: FlowTraceDto }) {
  const { t } = useTranslation('rules');
  return (
    <Box sx={{ borderLeft: 3, borderColor: flow.error ? 'error.main' : 'primary.main', pl: 1.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>{t('traces.flow', { name: flow.flow_name, version: flow.version })}</Typography>
      {flow.error && <Alert severity="error" sx={{ my: 1 }}>{flow.error}</Alert>}
      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
        {flow.steps.map((s, i) => <Step key={`${s.node_id}-${i}`} step={s} />)}
      </Box>
    </Box>
  );
}

/** iLoc ids as names: the same query as the iLoc picker, so the page asks once. */
function useIlocName(): (id: string) => string | undefined {
  const session = useSession();
  const ilocs = useIlocs(session.company?.id, { page: 1, perPage: 100, search: '', status: '', archived: false, orderBy: 'name', orderDirection: 'ASC' });
  const names = new Map((ilocs.data?.data ?? []).map((i) => [i.id, i.name]));
  return (id) => names.get(id);
}

function Step({ step }: { step: TraceStepDto }) {
  const { t, i18n } = useTranslation('rules');
  const ilocName = useIlocName();
  const lang = i18n.language;
  return (
    <Box component="li" sx={{ mb: 1 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>{step.node_name}</Typography>
        <Typography variant="caption" color="text.secondary">
          {step.action_type ? actionLabel(step.action_type, lang) : t(`types.${step.type}`, { defaultValue: step.type })}
        </Typography>
        {step.branch && (
          <Chip size="small" color={step.branch === 'yes' ? 'success' : 'default'} label={t('traces.branch', { branch: t(`traces.${step.branch}`) })} />
        )}
      </Stack>
      {step.conditions && (
        <Box component="ul" sx={{ m: 0, pl: 2, typography: 'body2' }}>
          {step.conditions.map((c, i) => {
            const actual = c.lines ? t('traces.lines', { lines: c.lines.join(', ') }) : shown(c.actual);
            return (
              <li key={i}>
                {`${fieldLabel(c.field, lang)} ${operatorLabel(c.operator, lang)} ${c.value === undefined ? '' : shown(c.value)} → `}
                <Box component="strong" sx={{ color: c.result ? 'success.main' : 'text.secondary' }}>{t(`traces.result.${String(c.result)}`)}</Box>
                {` (${actual})`}
              </li>
            );
          })}
        </Box>
      )}
      {step.changes && (step.changes.length ? <ChangeList changes={step.changes} ilocName={ilocName} /> : (
        step.type !== 'condition' && step.type !== 'start' && step.type !== 'end' && <Typography variant="caption" color="text.secondary">{t('traces.noChanges')}</Typography>
      ))}
      {step.effects && step.effects.length > 0 && (
        <Typography variant="caption" color="text.secondary">{t('traces.effects', { effects: step.effects.map((e) => shown(e.type ?? e)).join(', ') })}</Typography>
      )}
      {step.error && <Typography variant="body2" color="error">{step.error}</Typography>}
    </Box>
  );
}
