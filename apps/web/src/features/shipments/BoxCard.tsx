import { useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Box, Grid, IconButton, Stack, TextField, Typography } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { NATIVE_SELECT } from '../../shared/ui/form-helpers';
import type { PackageOption } from './api';
import { DIMENSIONS, fillFromPackage, units, type BoxDraft, type ShipLine, type ShipmentDraft } from './shipment-form';

interface BoxCardProps {
  index: number;
  form: UseFormReturn<ShipmentDraft>;
  lines: ShipLine[];
  packages: PackageOption[];
  message(field: string): string | undefined;
  canRemove: boolean;
  onRemove(): void;
}

/** One box: its package (which fills the measures), length, width, height, weight, and the units of each line in it. */
export function BoxCard({ index, form, lines, packages, message, canRemove, onRemove }: BoxCardProps) {
  const { t } = useTranslation('shipments');
  const box = useWatch({ control: form.control, name: `boxes.${index}` }) as BoxDraft | undefined;
  const n = index + 1;
  const empty = !box || !Object.values(box.items ?? {}).some((v) => units(v) > 0);
  const register = (name: string) => {
    const { ref, ...rest } = form.register(name as Path<ShipmentDraft>);
    return { ...rest, inputRef: ref };
  };
  const choosePackage = (packageId: string) => {
    const current = form.getValues(`boxes.${index}`);
    const next = fillFromPackage(current, packages.find((p) => p.id === packageId));
    for (const key of ['package_id', ...DIMENSIONS] as const) {
      form.setValue(`boxes.${index}.${key}`, next[key], { shouldDirty: true, shouldTouch: key !== 'package_id' });
    }
  };
  const fieldProps = (field: string) => {
    const error = message(`boxes.${index}.${field}`);
    return { error: Boolean(error), helperText: error };
  };

  return (
    <Box role="group" aria-label={t('create.box', { n })} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }} spacing={1}>
        <Inventory2Outlined fontSize="small" color="action" aria-hidden />
        <Typography component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {t('create.box', { n })}
          {empty && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {t('create.boxEmpty')}
            </Typography>
          )}
        </Typography>
        {canRemove && (
          <IconButton size="small" onClick={onRemove} aria-label={t('create.removeBox', { n })}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            select
            label={t('create.package')}
            value={box?.package_id ?? ''}
            onChange={(e) => choosePackage(e.target.value)}
            size="small"
            fullWidth
            slotProps={NATIVE_SELECT}
          >
            <option value="">{t('create.customBox')}</option>
            {packages.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </TextField>
        </Grid>
        {DIMENSIONS.map((d) => (
          <Grid key={d} size={{ xs: 6, md: 2 }}>
            <TextField
              {...register(`boxes.${index}.${d}`)}
              {...fieldProps(d)}
              label={t(`create.${d}`)}
              type="number"
              size="small"
              fullWidth
              slotProps={{ htmlInput: { min: 0, step: 'any', 'aria-label': `${t(`create.${d}`)} ${t('create.box', { n })}` }, inputLabel: { shrink: true } }}
            />
          </Grid>
        ))}
        {lines.map((line) => (
          <Grid key={line.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              {...register(`boxes.${index}.items.${line.id}`)}
              {...fieldProps(`items.${line.id}`)}
              label={t('create.unitsOf', { sku: line.sku })}
              type="number"
              size="small"
              fullWidth
              slotProps={{ htmlInput: { min: 0, max: line.allocated, step: 1, 'aria-label': `${t('create.unitsOf', { sku: line.sku })} ${t('create.box', { n })}` }, inputLabel: { shrink: true } }}
            />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
