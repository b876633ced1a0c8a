import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { http, isHttpError } from '../../shared/api/http';
import { isRtlLanguage } from '../../shared/i18n/languages';
import { useSession } from '../../shared/session/useSession';
import { useToast } from '../../shared/ui/toast';
import { directionCache } from './direction-cache';
import { buildTheme } from './theme';
import { DEFAULT_THEME, THEME_PREFERENCE_VERSION, themeFromPreferences, type ThemePreference } from './theme-options';

interface ThemePreferenceValue {
  preference: ThemePreference;
  direction: 'ltr' | 'rtl';
  update(patch: Partial<ThemePreference>): void;
  reset(): void;
}

const ThemePreferenceContext = createContext<ThemePreferenceValue | null>(null);

export function useThemePreference(): ThemePreferenceValue {
  const value = useContext(ThemePreferenceContext);
  if (!value) throw new Error('useThemePreference must be used inside <ThemePreferenceProvider>');
  return value;
}

const SAVE_DELAY_MS = 600;

/** Applies user.preferences.theme to MUI and saves customizer changes (debounced) to the server. */
export function ThemePreferenceProvider({ children }: { children: ReactNode }) {
  const { user, reloadUser } = useSession();
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const serverTheme = useMemo(() => themeFromPreferences(user?.preferences), [user?.preferences]);
  const [draft, setDraftState] = useState<ThemePreference>(serverTheme);
  const latest = useRef(draft);
  const setDraft = useCallback((next: ThemePreference) => {
    latest.current = next;
    setDraftState(next);
  }, []);
  // While a change waits to be saved, a user reload must not overwrite what the user just picked.
  const pending = useRef(0);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (pending.current === 0) setDraft(serverTheme);
  }, [serverTheme, setDraft]);

  const save = useCallback(
    (next: ThemePreference) => {
      window.clearTimeout(timer.current);
      if (!user) return;
      pending.current += 1;
      timer.current = window.setTimeout(() => {
        http
          .post('/preferences/update-or-create', {
            type: 'preferences',
            data: { preferences: { theme: next }, version: THEME_PREFERENCE_VERSION },
          })
          .then(() => reloadUser())
          .catch((error: unknown) => {
            if (!isHttpError(error, 401)) toast.error(t('status.couldNotUpdate', { item: t('items.preferences') }));
          })
          .finally(() => {
            pending.current = 0;
          });
      }, SAVE_DELAY_MS);
    },
    [user, reloadUser, toast, t],
  );

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const update = useCallback(
    (patch: Partial<ThemePreference>) => {
      const next = { ...latest.current, ...patch };
      setDraft(next);
      save(next);
    },
    [save, setDraft],
  );

  const reset = useCallback(() => {
    setDraft(DEFAULT_THEME);
    save(DEFAULT_THEME);
  }, [save, setDraft]);

  const direction = draft.rtl || isRtlLanguage(i18n.language) ? 'rtl' : 'ltr';
  useEffect(() => {
    document.documentElement.dir = direction;
  }, [direction]);

  const theme = useMemo(() => buildTheme(draft, direction), [draft, direction]);
  const value = useMemo<ThemePreferenceValue>(
    () => ({ preference: draft, direction, update, reset }),
    [draft, direction, update, reset],
  );

  return (
    <ThemePreferenceContext.Provider value={value}>
      {/* The emotion cache follows the direction: in RTL it mirrors MUI's CSS (see direction-cache.ts). */}
      <CacheProvider value={directionCache(direction)}>
        <ThemeProvider theme={theme}>
          <CssBaseline enableColorScheme />
          {children}
        </ThemeProvider>
      </CacheProvider>
    </ThemePreferenceContext.Provider>
  );
}
