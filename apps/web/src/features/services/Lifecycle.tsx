import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Chip, IconButton, Stack, Tooltip } from '@mui/material';
import PauseIcon from '@mui/icons-material/PauseCircleOutline';
import PlayIcon from '@mui/icons-material/PlayCircleOutline';
import BlockIcon from '@mui/icons-material/Block';
import KeyIcon from '@mui/icons-material/Key';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import type { ServiceStatus } from '@omnio/domain';

const COLOR: Record<ServiceStatus, 'success' | 'warning' | 'default'> = { ACTIVE: 'success', PAUSE: 'warning', INACTIVE: 'default' };

export function StatusChip({ status }: { status: ServiceStatus }) {
  const { t } = useTranslation('services');
  return <Chip size="small" color={COLOR[status] ?? 'default'} label={t(`status.${status}`, { defaultValue: status })} />;
}

/** Button order is fixed here; which buttons show is the server's allowed_actions, never re-derived. */
const BUTTONS: [action: string, icon: ReactElement, color?: 'error'][] = [
  ['activate', <PlayIcon key="i" fontSize="small" />],
  ['pause', <PauseIcon key="i" fontSize="small" />],
  ['deactivate', <BlockIcon key="i" fontSize="small" />],
  ['rotate-secret', <KeyIcon key="i" fontSize="small" />],
  ['edit', <EditIcon key="i" fontSize="small" />],
  ['delete', <DeleteIcon key="i" fontSize="small" />, 'error'],
];

/** The row's actions as icon buttons named "<action>: <name>", from the object's allowed_actions only. */
export function LifecycleButtons<A extends string>({ name, allowed, onAction, busy }: {
  name: string;
  allowed: readonly A[];
  onAction(action: A): void;
  busy?: boolean;
}) {
  const { t } = useTranslation('services');
  return (
    <Stack direction="row" spacing={0.5} role="group" aria-label={t('rowActions', { name })} sx={{ alignItems: 'center', height: '100%' }}>
      {BUTTONS.filter(([a]) => (allowed as readonly string[]).includes(a)).map(([action, icon, color]) => (
        <Tooltip key={action} title={t(`actions.${action}`)}>
          <span>
            <IconButton aria-label={`${t(`actions.${action}`)}: ${name}`} color={color} disabled={busy} onClick={() => onAction(action as A)}>
              {icon}
            </IconButton>
          </span>
        </Tooltip>
      ))}
    </Stack>
  );
}
