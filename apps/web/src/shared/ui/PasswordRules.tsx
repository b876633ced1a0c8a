import { Box, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@omnio/domain';
import { PASSWORD_RULES } from './password-rules';

/** Live checklist of every password rule (spec 5), announced politely as it changes. */
export function PasswordRules({ value, id }: { value: string; id?: string }) {
  const { t } = useTranslation();
  return (
    <Box id={id} sx={{ mt: 0.5 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('passwordRules.title')}
      </Typography>
      <List dense disablePadding aria-live="polite">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(value);
          return (
            <ListItem key={rule.key} disableGutters sx={{ py: 0 }}>
              <ListItemIcon sx={{ minWidth: 24 }}>
                {met ? (
                  <CheckCircleIcon fontSize="inherit" color="success" aria-hidden />
                ) : (
                  <RadioButtonUncheckedIcon fontSize="inherit" color="disabled" aria-hidden />
                )}
              </ListItemIcon>
              <ListItemText
                primary={
                  <>
                    {t(`passwordRules.${rule.key}`, { min: PASSWORD_MIN_LENGTH })}
                    <Box component="span" sx={visuallyHidden}>{` (${t(met ? 'passwordRules.met' : 'passwordRules.notMet')})`}</Box>
                  </>
                }
                slotProps={{ primary: { variant: 'caption', color: met ? 'text.primary' : 'text.secondary' } }}
              />
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}

/** Read by screen readers, never drawn. Sizes are strings: in sx a bare 1 would mean 100%. */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
