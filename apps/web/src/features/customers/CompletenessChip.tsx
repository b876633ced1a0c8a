import { useTranslation } from 'react-i18next';
import { Chip, Tooltip } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';

/** The missing fields in words, in the server's order ("address, city, zip"). */
export function useMissingText() {
  const { t } = useTranslation('customers');
  return (missing: string[]) => missing.map((f) => t(`missing.${f}`, { defaultValue: f })).join(', ');
}

/** Spec 5 completeness at a glance: green when complete, a warning naming what is missing otherwise. */
export function CompletenessChip({ complete, missing }: { complete: boolean; missing: string[] }) {
  const { t } = useTranslation('customers');
  const missingText = useMissingText();
  if (complete) return <Chip size="small" color="success" variant="outlined" icon={<CheckCircleOutline />} label={t('completeness.complete')} />;
  const detail = t('completeness.missing', { fields: missingText(missing) });
  return (
    <Tooltip title={detail}>
      <Chip size="small" color="warning" icon={<ErrorOutline />} label={t('completeness.incomplete')} aria-label={`${t('completeness.incomplete')}. ${detail}`} />
    </Tooltip>
  );
}
