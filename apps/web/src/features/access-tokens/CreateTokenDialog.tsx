import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormGroup, FormHelperText, Stack, TextField, Typography,
} from '@mui/material';
import { TOKEN_SCOPE_RESOURCES, ZAccessTokenCreate, type AccessTokenCreated, type TokenScopeResource } from '@omnio/domain';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { errorText, useMessageTextWith } from '../../shared/ui/form-helpers';
import { HttpError } from '../../shared/api/http';
import { useCreateAccessToken } from './api';
import { ShownOnce } from '../../shared/ui/ShownOnce';
import { accessTokenMessagesEs } from './i18n';

const RESOURCES = Object.keys(TOKEN_SCOPE_RESOURCES) as TokenScopeResource[];

/** New token: a name and scopes grouped by resource; once created, the token is shown this one time. */
export function CreateTokenDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('accessTokens');
  const id = useId();
  const text = useMessageTextWith(accessTokenMessagesEs);
  const create = useCreateAccessToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; banner?: string }>({});
  const [created, setCreated] = useState<AccessTokenCreated | null>(null);

  const close = () => {
    setName('');
    setScopes([]);
    setErrors({});
    setCreated(null);
    create.reset();
    onClose();
  };
  const toggle = (scope: string, on: boolean) => setScopes((list) => (on ? [...list, scope] : list.filter((s) => s !== scope)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZAccessTokenCreate.safeParse({ name, scopes });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'scopes' ? 'scopes' : 'name';
        next[field] ??= text(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      setCreated(await create.mutateAsync(parsed.data));
    } catch (err) {
      const fields = err instanceof HttpError ? err.fieldErrors : {};
      const nameError = fields.name?.[0];
      const scopeError = Object.entries(fields).find(([k]) => k.startsWith('scopes'))?.[1]?.[0];
      setErrors(nameError || scopeError ? { name: text(nameError), scopes: text(scopeError) } : { banner: `${t('createFailed')}: ${errorText(err)}` });
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{created ? t('createdTitle') : t('newToken')}</DialogTitle>
      {created ? (
        <>
          <DialogContent dividers>
            <ShownOnce label={t('tokenLabel', { name: created.name })} value={created.token} warning={t('shownOnce')} />
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
              helperText={errors.name ?? t('nameHint')}
              required
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}>
              <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                {t('scopes')}
              </Typography>
              <Stack spacing={0.5}>
                {RESOURCES.map((resource) => (
                  <Stack
                    key={resource}
                    direction={{ xs: 'column', sm: 'row' }}
                    alignItems={{ sm: 'center' }}
                    role="group"
                    aria-label={t(`resources.${resource}`)}
                    sx={{ borderBottom: 1, borderColor: 'divider', py: 0.5 }}
                  >
                    <Typography sx={{ width: { sm: 170 }, flexShrink: 0, fontWeight: 500 }}>{t(`resources.${resource}`)}</Typography>
                    <FormGroup row>
                      {TOKEN_SCOPE_RESOURCES[resource].map((level) => {
                        const scope = `${resource}.${level}`;
                        return (
                          <FormControlLabel
                            key={scope}
                            control={
                              <Checkbox
                                checked={scopes.includes(scope)}
                                onChange={(e) => toggle(scope, e.target.checked)}
                                slotProps={{ input: { 'aria-label': `${t(`resources.${resource}`)}: ${t(`levels.${level}`)}` } }}
                              />
                            }
                            label={t(`levels.${level}`)}
                          />
                        );
                      })}
                    </FormGroup>
                  </Stack>
                ))}
              </Stack>
              {errors.scopes && (
                <FormHelperText error id={`${id}-scopes-error`}>
                  {errors.scopes}
                </FormHelperText>
              )}
            </Box>
          </Stack>
        </FormDialogBody>
      )}
    </Dialog>
  );
}
