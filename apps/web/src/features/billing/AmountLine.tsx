import type { ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';

/** One row of a bill: what, then how much, right-aligned; `strong` for totals. */
export function AmountLine({ label, value, strong, dense }: { label: string; value: ReactNode; strong?: boolean; dense?: boolean }) {
  const variant = dense ? 'body2' : 'body1';
  return (
    <Stack direction="row" spacing={2} justifyContent="space-between">
      <Typography variant={variant} sx={{ fontWeight: strong ? 600 : undefined }}>
        {label}
      </Typography>
      <Typography variant={variant} sx={{ fontWeight: strong ? 600 : undefined, whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Stack>
  );
}
