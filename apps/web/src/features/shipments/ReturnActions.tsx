import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton, Menu, MenuItem, Stack } from '@mui/material';
import MoreVert from '@mui/icons-material/MoreVert';
import type { ReturnAction } from '@omnio/domain';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useToast } from '../../shared/ui/toast';
import { useReturnCommand, type ReturnSummary } from './api';
import { ReceiveDialog } from './ReceiveDialog';
import { RefundDialog } from './RefundDialog';

type Confirmed = 'submit' | 'approve' | 'reject';

interface ReturnActionsProps {
  ret: ReturnSummary;
  /** Where received units probably go (the shipment's iloc). */
  defaultIlocId?: string | null;
  size?: 'small' | 'medium';
  /** One button opening a menu of the actions: a phone's grid has no room for a row of buttons. */
  compact?: boolean;
}

/** The buttons of a return: exactly its `allowed_actions`, each with its confirmation or dialog. */
export function ReturnActions({ ret, defaultIlocId, size = 'small', compact = false }: ReturnActionsProps) {
  const { t } = useTranslation('shipments');
  const toast = useToast();
  const command = useReturnCommand();
  const [confirming, setConfirming] = useState<Confirmed | null>(null);
  const [receiving, setReceiving] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);

  const run = (action: ReturnAction) => {
    if (action === 'receive') return setReceiving(true);
    if (action === 'refund') return setRefunding(true);
    setConfirming(action);
  };

  return (
    <>
      {compact ? (
        ret.allowed_actions.length > 0 && (
          <>
            <IconButton
              size="small"
              aria-label={t('actions.menu', { number: ret.number })}
              aria-haspopup="menu"
              onClick={(e) => setMenuAnchor(e.currentTarget)}
            >
              <MoreVert fontSize="small" />
            </IconButton>
            <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
              {ret.allowed_actions.map((action) => (
                <MenuItem
                  key={action}
                  onClick={() => {
                    setMenuAnchor(null);
                    run(action);
                  }}
                  sx={action === 'reject' ? { color: 'error.main' } : undefined}
                >
                  {t(`actions.${action}`)}
                </MenuItem>
              ))}
            </Menu>
          </>
        )
      ) : (
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {ret.allowed_actions.map((action) => (
          <Button
            key={action}
            size={size}
            variant={action === 'reject' ? 'outlined' : 'contained'}
            color={action === 'reject' ? 'error' : 'primary'}
            onClick={() => run(action)}
            aria-label={`${t(`actions.${action}`)} ${ret.number}`}
          >
            {t(`actions.${action}`)}
          </Button>
        ))}
      </Stack>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`confirm.${confirming}Title`, { number: ret.number }) : ''}
        message={confirming ? t(`confirm.${confirming}Message`) : ''}
        confirmLabel={confirming ? t(`actions.${confirming}`) : ''}
        destructive={confirming === 'reject'}
        onClose={() => setConfirming(null)}
        errorPrefix={t('errors.action', { action: confirming ? t(`actions.${confirming}`).toLowerCase() : '' })}
        onConfirm={() => command.mutateAsync({ id: ret.id, command: { action: confirming! } })}
      />
      <ReceiveDialog
        ret={receiving ? ret : null}
        defaultIlocId={defaultIlocId}
        onClose={() => setReceiving(false)}
        onDone={(number) => {
          setReceiving(false);
          toast.success(t('receive.done', { number }));
        }}
      />
      <RefundDialog
        ret={refunding ? ret : null}
        onClose={() => setRefunding(false)}
        onDone={(number) => {
          setRefunding(false);
          toast.success(t('refund.done', { number }));
        }}
      />
    </>
  );
}
