import type { FormEventHandler, ReactNode } from 'react';
import { Alert, Button, DialogActions, DialogContent } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface FormDialogBodyProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** A form-wide error (not tied to one field), shown above the fields. */
  banner?: string | null;
  submitLabel: string;
  submitting: boolean;
  onCancel(): void;
  /** The fields. */
  children: ReactNode;
}

/** The inside of a form dialog (under its title): error banner, fields, then Cancel and a submit button. */
export function FormDialogBody({ onSubmit, banner, submitLabel, submitting, onCancel, children }: FormDialogBodyProps) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogContent dividers>
        {banner && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {banner}
          </Alert>
        )}
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('actions.cancel')}</Button>
        <Button type="submit" variant="contained" loading={submitting}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
