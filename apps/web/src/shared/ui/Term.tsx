import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** One term of a details list (a `<dl>`): its label above its value, long values wrapping anywhere. */
export function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}
