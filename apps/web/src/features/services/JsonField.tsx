import { TextField } from '@mui/material';
import type { TextFieldProps } from '@mui/material';

/** A monospace text box for a JSON definition: no spell check, no autocorrection, wide enough to read. */
export function JsonField(props: TextFieldProps) {
  return (
    <TextField
      multiline
      minRows={8}
      maxRows={24}
      fullWidth
      {...props}
      slotProps={{
        ...props.slotProps,
        htmlInput: { spellCheck: false, autoCapitalize: 'none', autoCorrect: 'off', style: { fontFamily: 'monospace', fontSize: 13 } },
      }}
    />
  );
}
