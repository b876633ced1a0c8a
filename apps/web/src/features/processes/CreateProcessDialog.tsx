import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { PROCESS_DRIVERS, ZProcessCreate, type ProcessDriver } from '@omnio/domain';
import { HttpError } from '../../shared/api/http';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { errorText, NATIVE_SELECT, useMessageTextWith } from '../../shared/ui/form-helpers';
import { ShownOnce } from '../../shared/ui/ShownOnce';
import { useCreateProcess, useServiceCatalog, type ProcessWithSecret } from './api';
import { processMessagesEs } from './i18n';

/** New process: a name and a driver; once created, its webhook secret is shown this one time. */
export function CreateProcessDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('processes');
  const id = useId();
  const text = useMessageTextWith(processMessagesEs);
  const create = useCreateProcess();
  const [name, setName] = useState('');
  const [driver, setDriver] = useState<ProcessDriver>('shopify');
  const [errors, setErrors] = useState<{ name?: string; driver?: string; banner?: string }>({});
  const [created, setCreated] = useState<ProcessWithSecret | null>(null);
  const catalog = useServiceCatalog(open);
  // Without the catalogue (still loading or failed) every driver is offered; the server has the last word.
  const offered = catalog.data
    ? PROCESS_DRIVERS.flatMap((d) => {
        const entry = catalog.data.data.find((c) => c.key === d);
        return entry ? [{ driver: d, installable: entry.installable }] : [];
      })
    : PROCESS_DRIVERS.map((d) => ({ driver: d, installable: true }));
  const chosen = offered.some((o) => o.driver === driver && o.installable) ? driver : (offered.find((o) => o.installable)?.driver ?? driver);

  const close = () => {
    setName('');
    setDriver('shopify');
    setErrors({});
    setCreated(null);
    create.reset();
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZProcessCreate.safeParse({ name, driver: chosen });
    if (!parsed.success) {
      setErrors({ name: text(parsed.error.issues.find((i) => i.path[0] === 'name')?.message), driver: text(parsed.error.issues.find((i) => i.path[0] === 'driver')?.message) });
      return;
    }
    setErrors({});
    try {
      setCreated(await create.mutateAsync(parsed.data));
    } catch (err) {
      const fields = err instanceof HttpError ? err.fieldErrors : {};
      if (fields.name?.[0] || fields.driver?.[0]) setErrors({ name: text(fields.name?.[0]), driver: text(fields.driver?.[0]) });
      else setErrors({ banner: `${t('createFailed')}: ${errorText(err)}` });
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{created ? t('createdTitle', { name: created.name }) : t('newProcess')}</DialogTitle>
      {created ? (
        <>
          <DialogContent dividers>
            <ShownOnce label={t('secret')} value={created.webhook_secret} warning={t('secretShownOnce')} />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              {t('done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <FormDialogBody onSubmit={submit} banner={errors.banner} submitLabel={t('create')} submitting={create.isPending} onCancel={close}>
          <Stack spacing={2}>
            <TextField
              label={t('name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              required
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              select
              label={t('driver')}
              value={chosen}
              onChange={(e) => setDriver(e.target.value as ProcessDriver)}
              error={Boolean(errors.driver)}
              helperText={errors.driver}
              fullWidth
              slotProps={NATIVE_SELECT}
            >
              {offered.map(({ driver: d, installable }) => (
                <option key={d} value={d} disabled={!installable}>
                  {installable ? t(`drivers.${d}`) : t('driverPaused', { name: t(`drivers.${d}`) })}
                </option>
              ))}
            </TextField>
          </Stack>
        </FormDialogBody>
      )}
    </Dialog>
  );
}
