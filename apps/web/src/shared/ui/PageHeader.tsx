import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';

/**
 * The title row of an in-layout screen: one h1 per page, optional subtitle and actions. `level="section"`
 * is the same row for a panel inside a page (an h2, e.g. a tab of /advanced).
 */
export function PageHeader({
  title,
  subtitle,
  actions,
  level = 'page',
  titleId,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  level?: 'page' | 'section';
  titleId?: string;
}) {
  const page = level === 'page';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: page ? 3 : 0 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {page ? (
          <Typography variant="h4" component="h1" id={titleId} sx={{ fontSize: { xs: 24, sm: 28 } }}>
            {title}
          </Typography>
        ) : (
          <Typography variant="h6" component="h2" id={titleId}>
            {title}
          </Typography>
        )}
        {subtitle && (
          <Typography color="text.secondary" variant={page ? 'body1' : 'body2'} sx={{ mt: page ? 0.5 : 0 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>{actions}</Stack>}
    </Stack>
  );
}
