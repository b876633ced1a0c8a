import { useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Box, Grid, IconButton, Stack, TextField, Typography } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { DIMENSIONS, isFilled, type AsnBoxDraft, type AsnDraft, type AsnLine } from './asn-form';

interface AsnBoxCardProps {
  index: number;
  form: UseFormReturn<AsnDraft>;
  lines: AsnLine[];
  message(field: string): string | undefined;
  onRemove(): void;
}

/** One box of an ASN: length, width, height, weight and the units of each line in it. */
export function AsnBoxCard({ index, form, lines, message, onRemove }: AsnBoxCardProps) {
  const { t } = useTranslation('supply');
  const box = useWatch({ control: form.control, name: `boxes.${index}` }) as AsnBoxDraft | undefined;
  const n = index + 1;
  const register = (name: string) => {
    const { ref, ...rest } = form.register(name as Path<AsnDraft>);
    return { ...rest, inputRef: ref };
  };
  const errorProps = (field: string) => {
    const error = message(`boxes.${index}.${field}`);
    return { error: Boolean(error), helperText: error };
  };
  const boxLabel = t('asn.box', { n });
  return (
    <Box role="group" aria-label={boxLabel} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }} spacing={1}>
        <Inventory2Outlined fontSize="small" color="action" aria-hidden />
        <Typography component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {boxLabel}
          {box && !isFilled({ ...box, items: box.items ?? {} }) && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {t('asn.boxEmpty')}
            </Typography>
          )}
        </Typography>
        <IconButton size="small" onClick={onRemove} aria-label={t('asn.removeBox', { n })}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Stack>
      <Grid container spacing={1.5}>
        {DIMENSIONS.map((d) => (
          <Grid key={d} size={{ xs: 6, md: 3 }}>
            <TextField
              {...register(`boxes.${index}.${d}`)}
              {...errorProps(d)}
              label={t(`asn.${d}`)}
              type="number"
              size="small"
              fullWidth
              slotProps={{ htmlInput: { min: 0, step: 'any', 'aria-label': `${t(`asn.${d}`)} ${boxLabel}` }, inputLabel: { shrink: true } }}
            />
          </Grid>
        ))}
        {lines.map((line) => (
          <Grid key={line.id} size={{ xs: 12, sm: 6 }}>
            <TextField
              {...register(`boxes.${index}.items.${line.id}`)}
              {...errorProps(`items.${line.id}`)}
              label={t('asn.unitsOf', { sku: line.sku })}
              type="number"
              size="small"
              fullWidth
              slotProps={{ htmlInput: { min: 0, step: 1, 'aria-label': `${t('asn.unitsOf', { sku: line.sku })} ${boxLabel}` }, inputLabel: { shrink: true } }}
            />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
