import { Box, Typography } from '@mui/material';

/** The Omnio logo: a ring mark and the word, drawn inline so it needs no image asset. */
export function BrandMark({ color = 'inherit', compact = false, size = 32 }: { color?: string; compact?: boolean; size?: number }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, color }}>
      <Box
        component="svg"
        viewBox="0 0 32 32"
        aria-hidden
        sx={{ width: size, height: size, flexShrink: 0 }}
      >
        <rect width="32" height="32" rx="9" fill="currentColor" opacity="0.16" />
        <circle cx="16" cy="16" r="8.5" fill="none" stroke="currentColor" strokeWidth="3.2" />
        <circle cx="16" cy="16" r="2.6" fill="currentColor" />
      </Box>
      {!compact && (
        <Typography component="span" sx={{ fontWeight: 800, fontSize: size * 0.62, letterSpacing: '-0.02em', lineHeight: 1 }}>
          Omnio
        </Typography>
      )}
    </Box>
  );
}
