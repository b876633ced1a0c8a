import type { TextFieldProps } from '@mui/material';
import { PasswordField } from '../../shared/ui/PasswordField';
import { PasswordRules } from '../../shared/ui/PasswordRules';

interface NewPasswordFieldsProps {
  password: TextFieldProps;
  confirmation: TextFieldProps;
  /** The typed password, for the live rules checklist. */
  value: string;
}

/** A new password, its confirmation and the list of spec 5 rules checked as the user types. */
export function NewPasswordFields({ password, confirmation, value }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField {...password} autoComplete="new-password" required slotProps={{ htmlInput: { 'aria-describedby': 'password-rules' } }} />
      <PasswordRules value={value} id="password-rules" />
      <PasswordField {...confirmation} autoComplete="new-password" required />
    </>
  );
}
