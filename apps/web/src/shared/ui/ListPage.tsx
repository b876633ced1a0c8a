import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { ErrorState } from './StateViews';

interface ListPageProps {
  /** The page's one h1. */
  title: ReactNode;
  /** The search/filter/action row above the list (a ListToolbar or a feature's own toolbar). */
  toolbar: ReactNode;
  /** Set when the list failed to load: shown above the grid with a retry button. */
  error?: { message: string; onRetry(): void } | null;
  /** The grid, then any dialogs the page opens. */
  children: ReactNode;
}

/** The frame of a list screen: title, toolbar, load error, then the grid and its dialogs. */
export function ListPage({ title, toolbar, error, children }: ListPageProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {toolbar}
      {error && <ErrorState message={error.message} onRetry={error.onRetry} sx={{ mb: 2 }} />}
      {children}
    </Box>
  );
}
