import { useMemo, type ReactNode } from 'react';
import { ThemeProvider, useTheme, type Theme } from '@mui/material/styles';

/**
 * MUI flips drawer anchors for right-to-left on the assumption that an RTL stylesheet plugin
 * (stylis-plugin-rtl) flips the CSS as well. That plugin is not installed, so the flip would put
 * the drawer on the wrong side: drawers under this provider are placed literally by their caller.
 */
export function LiteralDirection({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const literal = useMemo<Theme>(() => ({ ...theme, direction: 'ltr' }), [theme]);
  return <ThemeProvider theme={literal}>{children}</ThemeProvider>;
}
