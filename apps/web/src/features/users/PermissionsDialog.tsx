import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useAssignPermissions, useRolePermissions, useUserPermissions, type UserRow } from './api';
import { idsOf } from './permissions-model';
import { PermissionsEditor } from './PermissionsEditor';

interface PermissionsDialogProps {
  user: UserRow | null;
  onClose(): void;
}

/** Owner: a user's permissions by section level or one by one, saved as a list of ids. */
export function PermissionsDialog({ user, onClose }: PermissionsDialogProps) {
  const { t } = useTranslation('users');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={Boolean(user)}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby="permissions-title"
      // A fixed height keeps the dialog still while the search narrows the list.
      slotProps={{ paper: { sx: { height: { sm: '85vh' } } } }}
    >
      <DialogTitle id="permissions-title">{t('permissions.title', { name: user?.name ?? '' })}</DialogTitle>
      {user && <PermissionsLoader key={user.id} user={user} onClose={onClose} />}
    </Dialog>
  );
}

function PermissionsLoader({ user, onClose }: { user: UserRow; onClose(): void }) {
  const { t } = useTranslation('users');
  const toast = useToast();
  const current = useUserPermissions(user.id);
  const role = current.data?.roles[0] ?? user.roles[0];
  const defaults = useRolePermissions(role);
  const assign = useAssignPermissions();

  if (current.isPending) {
    return (
      <DialogContent>
        <LoadingState />
      </DialogContent>
    );
  }
  if (current.isError) {
    return (
      <DialogContent>
        <ErrorState message={`${t('errors.showPermissions')}: ${current.error.message}`} onRetry={() => void current.refetch()} />
      </DialogContent>
    );
  }
  return (
    <PermissionsEditor
      initial={idsOf(current.data.permissions)}
      roleDefaults={defaults.data ? idsOf(defaults.data) : undefined}
      includePlatform={role === 'owner'}
      saving={assign.isPending}
      error={assign.error ? `${t('errors.savePermissions')}: ${assign.error.message}` : null}
      onCancel={onClose}
      onSave={(permissions) =>
        assign.mutate(
          { id: user.id, permissions },
          {
            onSuccess: () => {
              toast.success(t('notices.permissionsSaved', { name: user.name }));
              onClose();
            },
          },
        )
      }
    />
  );
}
