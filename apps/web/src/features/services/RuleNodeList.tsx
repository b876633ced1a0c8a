import { useTranslation } from 'react-i18next';
import { Alert, Box, Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import { ZRuleNodes, type TRuleNode } from '@omnio/domain';
import { useMessageTextWith } from '../../shared/ui/form-helpers';
import { servicesMessagesEs } from './i18n';
import { parseJsonText } from './template-text';

/** What the nodes text says, checked with the server's schema: the nodes in order, or what is wrong. */
export function readNodes(text: string): { nodes: TRuleNode[]; problems: string[] } | null {
  const parsed = parseJsonText(text);
  if (!parsed.ok || !Array.isArray(parsed.value)) return null;
  const checked = ZRuleNodes.safeParse(parsed.value);
  if (checked.success) return { nodes: checked.data, problems: [] };
  // Show what can be shown (items with an id and a name) beside the problems.
  const nodes = (parsed.value as Partial<TRuleNode>[])
    .filter((n) => n && typeof n.id === 'string' && typeof n.name === 'string')
    .map((n) => ({ prev: [], next: [], formData: {}, type: 'action', ...n }) as TRuleNode);
  return { nodes, problems: checked.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)) };
}

/** A readable list of a rule flow's nodes (type, name, where it comes from and goes to), live as the JSON is typed. */
export function RuleNodeList({ text }: { text: string }) {
  const { t } = useTranslation('services');
  const translate = useMessageTextWith(servicesMessagesEs);
  const read = readNodes(text);
  return (
    <Box component="section" aria-labelledby="rule-node-list-title">
      <Typography id="rule-node-list-title" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('rules.nodeList')}
      </Typography>
      {!read ? (
        <Typography variant="body2" color="text.secondary">{t('rules.nodeListEmpty')}</Typography>
      ) : (
        <>
          {read.problems.length > 0 && (
            <Alert severity="warning" sx={{ mb: 1 }}>
              {read.problems.slice(0, 5).map((p) => {
                const [path, ...rest] = p.split(': ');
                const message = rest.length ? `${path}: ${translate(rest.join(': '))}` : (translate(p) ?? p);
                return <div key={p}>{message}</div>;
              })}
            </Alert>
          )}
          <List dense disablePadding aria-label={t('rules.nodeList')}>
            {read.nodes.map((n, i) => (
              <ListItem key={`${n.id}-${i}`} divider sx={{ gap: 1, alignItems: 'flex-start' }}>
                <Chip size="small" label={t(`rules.nodeTypes.${n.type}`, { defaultValue: n.type })} sx={{ mt: 0.5, minWidth: 80 }} />
                <ListItemText
                  primary={n.name}
                  secondary={[
                    n.id,
                    n.prev.length ? t('rules.from', { ids: n.prev.join(', ') }) : null,
                    n.next.length ? t('rules.to', { ids: n.next.join(', ') }) : null,
                  ].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  );
}
