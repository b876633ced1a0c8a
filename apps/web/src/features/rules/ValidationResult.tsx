import { useTranslation } from 'react-i18next';
import { Alert, Box, Link, Typography } from '@mui/material';
import type { FlowValidationDto } from '@omnio/domain';
import { useMessageTextWith } from '../../shared/ui/form-helpers';
import type { FlowNode } from './flow-model';
import { rulesMessagesEs } from './i18n';

interface ValidationResultProps {
  result: FlowValidationDto;
  nodes: FlowNode[];
  onSelect(id: string): void;
  onClose?(): void;
  /** The saved flow's own warnings and conflicts (GET /rules/:id): no "valid" line. */
  quiet?: boolean;
}

/** What Validate answered: each problem with a link to its node, then warnings and conflicts. */
export function ValidationResult({ result, nodes, onSelect, onClose, quiet = false }: ValidationResultProps) {
  const { t } = useTranslation('rules');
  const message = useMessageTextWith(rulesMessagesEs);
  const nodeAt = (path: readonly (string | number)[]) => {
    const rest = path[0] === 'nodes' ? path.slice(1) : path;
    return typeof rest[0] === 'number' ? { node: nodes[rest[0]], field: rest.slice(1).join('.') } : null;
  };
  return (
    <Box sx={{ mb: 2, display: 'grid', gap: 1 }} aria-live="polite">
      {quiet ? null : result.valid && result.problems.length === 0 ? (
        <Alert severity="success" onClose={onClose}>{t('validation.valid')}</Alert>
      ) : (
        <Alert severity="error" onClose={onClose}>
          <Typography variant="body2">{t('validation.invalid')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {result.problems.map((p, i) => {
              const at = nodeAt(p.path);
              const text = message(p.message) ?? p.message;
              return (
                <li key={i}>
                  {at?.node ? (
                    <>
                      <Link component="button" type="button" onClick={() => onSelect(at.node!.id)} sx={{ verticalAlign: 'baseline' }}>{at.node.name}</Link>
                      {at.field ? ` (${at.field})` : ''}: {text}
                    </>
                  ) : (
                    text
                  )}
                </li>
              );
            })}
          </Box>
        </Alert>
      )}
      {result.warnings.length > 0 && (
        <Alert severity="warning">
          <Typography variant="body2">{t('validation.warnings')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>{result.warnings.map((w, i) => <li key={i}>{message(w) ?? w}</li>)}</Box>
        </Alert>
      )}
      {result.conflicts.length > 0 && (
        <Alert severity="info">
          <Typography variant="body2">{t('validation.conflicts')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {result.conflicts.map((c, i) => <li key={i}>{t('validation.conflict', { flow: c.flow_name, field: c.field })}</li>)}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
