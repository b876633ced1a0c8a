import { useId } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Grid } from '@mui/material';
import { useMessageTextWith } from '../../shared/ui/form-helpers';
import { SETUP_DRIVERS, type SetupDriver } from './channel-drivers';
import { channelMessagesEs } from './i18n';

/**
 * import_orders' `orders_status`: the service's own statuses (WooCommerce names, BigCommerce status ids,
 * Jumpseller status_enum) as ticks, with the connector's default named when none is ticked. Renders nothing
 * for a driver without a status list.
 */
export function OrdersStatusField<T extends FieldValues>({ control, name, driver }: { control: Control<T>; name: FieldPath<T>; driver: string }) {
  const { t } = useTranslation('channels');
  const text = useMessageTextWith(channelMessagesEs);
  const legendId = useId();
  const d = Object.hasOwn(SETUP_DRIVERS, driver) ? SETUP_DRIVERS[driver as SetupDriver] : null;
  if (!d || d.orderStatuses.length === 0) return null;
  const defaults = d.orderStatuses.filter((s) => d.defaultOrderStatuses.includes(s.value)).map((s) => t(`serviceStatus.${s.label}`)).join(', ');
  return (
    <Grid size={12}>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => {
          const value = (Array.isArray(field.value) ? field.value : []) as string[];
          return (
            <FormControl component="fieldset" error={Boolean(fieldState.error)} variant="standard">
              <FormLabel component="legend" id={legendId} sx={{ typography: 'body2' }}>{t('options.orders_status')}</FormLabel>
              <FormGroup row aria-labelledby={legendId}>
                {d.orderStatuses.map((s) => (
                  <FormControlLabel
                    key={s.value}
                    control={
                      <Checkbox
                        size="small"
                        checked={value.includes(s.value)}
                        onChange={(e) => field.onChange(e.target.checked ? [...value, s.value] : value.filter((v) => v !== s.value))}
                      />
                    }
                    label={t(`serviceStatus.${s.label}`, { defaultValue: s.value })}
                  />
                ))}
              </FormGroup>
              <FormHelperText>{text(fieldState.error?.message) ?? t('options.orders_statusHint', { defaults })}</FormHelperText>
            </FormControl>
          );
        }}
      />
    </Grid>
  );
}
