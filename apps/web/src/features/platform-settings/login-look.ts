import { createTheme, type Theme } from '@mui/material/styles';
import type { SxProps } from '@mui/material';

/** What the login page's look needs; the public answer and the owner's unsaved form both fit it. */
export interface LoginLook {
  title: string;
  welcome_text: string;
  primary_color: string | null;
  background_color: string | null;
  show_signup_link: boolean;
  logo_url: string | null;
  background_image_url: string | null;
}

/** The theme with the custom primary colour (contrast text computed by MUI), or the theme itself. */
export function withPrimary(theme: Theme, color: string | null | undefined): Theme {
  if (!color) return theme;
  return createTheme(theme, { palette: { primary: theme.palette.augmentColor({ color: { main: color } }) } });
}

/**
 * The sign-in side's background: the image covers it (the colour shows while it loads), the colour alone,
 * or the theme's default. URLs come from our server or a data: URL of the owner's upload, never typed text.
 */
export function loginBackgroundSx(look: Pick<LoginLook, 'background_color' | 'background_image_url'> | undefined): SxProps<Theme> {
  const color = look?.background_color ?? undefined;
  const image = look?.background_image_url;
  return {
    bgcolor: color ?? 'background.default',
    ...(image ? { backgroundImage: `url("${image.replace(/"/g, '%22')}")`, backgroundSize: 'cover', backgroundPosition: 'center' } : {}),
  };
}
