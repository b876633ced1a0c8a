import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, FormHelperText, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { useSession } from '../../shared/session/useSession';
import { NATIVE_SELECT } from '../../shared/ui/form-helpers';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useIlocs } from '../../shared/ilocs/iloc-api';
import { useCreateTransfer } from './api';
import { emptyTransfer, emptyTransferLine, transferBody, transferProblems, type TransferDraft } from './transfer-form';
import { TransferLineRow } from './TransferLineRow';

/** /create-transfers — a draft transfer: from and to ilocs (different), SKUs and quantities, delivery date, notes. */
export function TransferCreatePage() {
  const { t } = useTranslation('supply');
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const ilocs = useIlocs(session.company?.id, { page: 1, perPage: 500, search: '', status: '', archived: false, orderBy: 'name', orderDirection: 'ASC' });
  const create = useCreateTransfer();
  const form = useForm<TransferDraft>({ defaultValues: emptyTransfer() });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const draft = useWatch({ control: form.control }) as TransferDraft;
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<{ fields: Record<string, string>; message: string | null }>({ fields: {}, message: null });
  const problems = transferProblems({ ...emptyTransfer(), ...draft, lines: draft.lines ?? [] });
  const back = (
    <Button component={RouterLink} to={pathOf('transfers')} startIcon={<ArrowBack />}>
      {t('asn.back')}
    </Button>
  );

  // The same-iloc problem shows at once; the others after a first try.
  const message = (field: string): string | undefined => {
    if (server.fields[field]) return server.fields[field];
    const key = problems[field];
    return key && (tried || key === 'sameIloc') ? t(`problems.${key}`) : undefined;
  };

  const submit = form.handleSubmit(async (values) => {
    setTried(true);
    setServer({ fields: {}, message: null });
    if (Object.keys(transferProblems(values)).length) return;
    const { body, lineIndex } = transferBody(values);
    try {
      const transfer = await create.mutateAsync(body);
      toast.success(t('transferCreate.created', { number: transfer.number }));
      void navigate(pathOf('transfer-show', { id: transfer.id }));
    } catch (error) {
      if (isHttpError(error, 422)) {
        const fields: Record<string, string> = {};
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          const m = /^lines\.(\d+)\.(.+)$/.exec(field);
          fields[m ? `lines.${lineIndex[Number(m[1])] ?? m[1]}.${m[2]}` : field] = messages[0] ?? '';
        }
        setServer({ fields, message: error.message });
      } else setServer({ fields: {}, message: error instanceof Error ? error.message : String(error) });
    }
  });

  if (ilocs.isPending) return <LoadingState />;
  if (ilocs.isError) return <ErrorState message={`${t('errors.load')}: ${ilocs.error.message}`} onRetry={() => void ilocs.refetch()} />;
  const options = ilocs.data.data.filter((i) => !i.archived_at);
  const ilocSelect = (name: 'from_iloc_id' | 'to_iloc_id', label: string) => {
    const { ref, ...rest } = form.register(name);
    const error = message(name);
    return (
      <TextField {...rest} inputRef={ref} select label={label} size="small" fullWidth required error={Boolean(error)} helperText={error} slotProps={NATIVE_SELECT}>
        <option value="">{t('transferCreate.choose')}</option>
        {options.map((i) => (
          <option key={i.id} value={i.id}>
            {i.code ? `${i.name} (${i.code})` : i.name}
          </option>
        ))}
      </TextField>
    );
  };
  const reg = (name: 'estimated_delivery' | 'notes') => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, inputRef: ref };
  };
  const banner = server.message ?? (tried && Object.keys(problems).length ? t('transferCreate.fix') : null);

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={t('transferCreate.title')} subtitle={t('transferCreate.subtitle')} actions={back} />
      {options.length < 2 && <Alert severity="info" sx={{ mb: 2 }}>{t('transferCreate.noIlocs')}</Alert>}
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('transferCreate.title')}>
        {banner && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {banner}
          </Alert>
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 8 }}>
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('transferCreate.lines')}>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                {t('transferCreate.lines')}
              </Typography>
              {message('lines') && <FormHelperText error sx={{ mb: 1 }}>{message('lines')}</FormHelperText>}
              <Stack spacing={2}>
                {lines.fields.map((row, index) => (
                  <TransferLineRow key={row.id} form={form} index={index} message={message} canRemove={lines.fields.length > 1} onRemove={() => lines.remove(index)} />
                ))}
              </Stack>
              <Button startIcon={<Add />} sx={{ mt: 2 }} onClick={() => lines.append(emptyTransferLine(), { focusName: `lines.${lines.fields.length}.sku` })}>
                {t('transferCreate.addLine')}
              </Button>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, lg: 4 }}>
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('transferShow.details')}>
              <Stack spacing={2}>
                {ilocSelect('from_iloc_id', t('transferCreate.from'))}
                {ilocSelect('to_iloc_id', t('transferCreate.to'))}
                <TextField {...reg('estimated_delivery')} label={t('fields.estimatedDelivery')} type="date" size="small" fullWidth slotProps={{ inputLabel: { shrink: true } }} />
                <TextField {...reg('notes')} label={t('fields.notes')} size="small" fullWidth multiline minRows={2} />
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  <Button onClick={() => void navigate(pathOf('transfers'))}>{t('asn.back')}</Button>
                  <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
                    {t('transferCreate.create')}
                  </Button>
                </Stack>
              </Stack>
            </Paper>
          </Grid>
        </Grid>
      </form>
    </Box>
  );
}
