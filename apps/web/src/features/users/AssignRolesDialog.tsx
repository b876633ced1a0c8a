import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, FormControlLabel, FormGroup,
  FormLabel, Radio, RadioGroup,
} from '@mui/material';
import { ROLES, effectiveRole, type Role } from '@omnio/domain';
import { useToast } from '../../shared/ui/toast';
import { useAssignRoles, type UserRow } from './api';

interface AssignRolesDialogProps {
  user: UserRow | null;
  onClose(): void;
}

export function AssignRolesDialog({ user, onClose }: AssignRolesDialogProps) {
  const { t } = useTranslation('users');
  return (
    <Dialog open={Boolean(user)} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="roles-title">
      <DialogTitle id="roles-title">{t('rolesDialog.title', { name: user?.name ?? '' })}</DialogTitle>
      {user && <RolesForm key={user.id} user={user} onClose={onClose} />}
    </Dialog>
  );
}

/** The first role is the effective one (spec 6), so it is chosen apart from any extra roles. */
function RolesForm({ user, onClose }: { user: UserRow; onClose(): void }) {
  const { t } = useTranslation('users');
  const toast = useToast();
  const assign = useAssignRoles();
  const known = user.roles.filter((r): r is Role => (ROLES as readonly string[]).includes(r));
  const [primary, setPrimary] = useState<Role>(effectiveRole(user.roles) ?? 'tenant');
  const [extra, setExtra] = useState<ReadonlySet<Role>>(new Set(known.slice(1)));

  const save = () => {
    const roles = [primary, ...ROLES.filter((r) => r !== primary && extra.has(r))];
    assign.mutate(
      { id: user.id, roles },
      {
        onSuccess: () => {
          toast.success(t('notices.rolesSaved', { name: user.name }));
          onClose();
        },
      },
    );
  };

  return (
    <>
      <DialogContent dividers>
        {assign.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('errors.saveRoles')}: {assign.error.message}
          </Alert>
        )}
        <FormControl>
          <FormLabel id="primary-role-label">{t('rolesDialog.primary')}</FormLabel>
          <RadioGroup aria-labelledby="primary-role-label" value={primary} onChange={(e) => setPrimary(e.target.value as Role)}>
            {ROLES.map((r) => (
              <FormControlLabel key={r} value={r} control={<Radio />} label={t(`roleNames.${r}`)} />
            ))}
          </RadioGroup>
        </FormControl>
        <FormControl component="fieldset" sx={{ mt: 2, display: 'block' }}>
          <FormLabel component="legend">{t('rolesDialog.extra')}</FormLabel>
          <FormGroup>
            {ROLES.filter((r) => r !== primary).map((r) => (
              <FormControlLabel
                key={r}
                control={
                  <Checkbox
                    checked={extra.has(r)}
                    onChange={(e) =>
                      setExtra((s) => {
                        const next = new Set(s);
                        if (e.target.checked) next.add(r);
                        else next.delete(r);
                        return next;
                      })
                    }
                  />
                }
                label={t(`roleNames.${r}`)}
              />
            ))}
          </FormGroup>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="contained" loading={assign.isPending} onClick={save}>
          {t('actions.save')}
        </Button>
      </DialogActions>
    </>
  );
}
