import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { USER_PREFERENCE_UPDATED_EVENT, effectiveRole } from '@omnio/domain';
import { http, oauthToken, revokeSession, setAuthLostHandler } from '../api/http';
import { disconnectRealtime } from '../realtime/connection';
import { useRealtimeEvent } from '../realtime/realtime';
import { changeUiLanguage } from '../i18n/i18n';
import { isLocalOnlyLanguage, uiLanguageFromServer } from '../i18n/languages';
import { SessionContext, type LogoutOptions, type SessionValue } from './session-context';
import { USER_INCLUDE, ZSessionUser, type SessionUser, type SessionUserAnswer } from './session-user';
import {
  STORAGE_KEYS, clearStorage, getTokens, hasAccessToken, readJson, readString, setTokens, writeJson, type TokenSet,
} from './storage';
import { IDLE_TIMEOUT_MS, useIdleLogout } from './useIdleLogout';
import { usePublicSettings } from '../settings/public-settings';

export const LOGIN_ROUTE = '/session/login';

function readStoredUser(): SessionUser | null {
  const parsed = ZSessionUser.safeParse(readJson<unknown>(STORAGE_KEYS.user));
  return parsed.success ? parsed.data : null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [user, setUser] = useState<SessionUser | null>(readStoredUser);

  const storeUser = useCallback((next: SessionUser) => {
    writeJson(STORAGE_KEYS.user, next);
    writeJson(STORAGE_KEYS.preferences, next.preferences ?? {});
    setUser(next);
  }, []);

  const reloadUser = useCallback(async () => {
    const body = await http.get<{ data: SessionUserAnswer }>('/users/information', { params: { include: USER_INCLUDE } });
    const next = ZSessionUser.parse(body.data);
    storeUser(next);
    return next;
  }, [storeUser]);

  const loginWithTokens = useCallback(
    async (tokens: TokenSet) => {
      setTokens(tokens);
      return reloadUser();
    },
    [reloadUser],
  );

  const login = useCallback(
    async (username: string, password: string) => loginWithTokens(await oauthToken({ grant_type: 'password', username, password })),
    [loginWithTokens],
  );

  const forget = useCallback(() => {
    // Spec 4 logout order: close the real-time connection, then clear all storage.
    disconnectRealtime();
    clearStorage();
    setUser(null);
    queryClient.clear();
  }, [queryClient]);

  const logout = useCallback(
    async ({ notice, local }: LogoutOptions = {}) => {
      const tokens = getTokens();
      if (!local && tokens) {
        // Signing out locally must succeed even when the server cannot be reached.
        await revokeSession(tokens.refreshToken).catch(() => undefined);
      }
      forget();
      navigate(LOGIN_ROUTE, { replace: true, state: notice ? { notice } : undefined });
    },
    [forget, navigate],
  );

  useEffect(() => {
    setAuthLostHandler(() => {
      forget();
      navigate(LOGIN_ROUTE, { replace: true });
    });
  }, [forget, navigate]);

  // The cached user may be stale (permissions changed since the last visit): refresh it once.
  useEffect(() => {
    if (hasAccessToken()) reloadUser().catch(() => undefined);
  }, [reloadUser]);

  // Spec 7: preferences saved elsewhere (another tab or device) replace ours as they are.
  useRealtimeEvent(USER_PREFERENCE_UPDATED_EVENT, (data) => {
    const preferences = (data as { preferences?: unknown } | null)?.preferences;
    if (!user || typeof preferences !== 'object' || preferences === null || Array.isArray(preferences)) return;
    storeUser({ ...user, preferences: preferences as Record<string, unknown> });
  });

  // Another tab signing out clears the shared storage; follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || (event.key === STORAGE_KEYS.user && event.newValue === null)) setUser(null);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const language = user?.language;
  useEffect(() => {
    if (!language) return;
    // French, Hebrew, Japanese… are a local choice the server cannot store (it keeps en|sp): keep it.
    if (isLocalOnlyLanguage(readString(STORAGE_KEYS.locale) ?? '')) return;
    void changeUiLanguage(uiLanguageFromServer(language));
  }, [language]);

  const onIdle = useCallback(() => void logout({ notice: 'login.idle' }), [logout]);
  // The owner may change the idle time (general settings); spec 4's 30 minutes until it has loaded.
  const idleMinutes = usePublicSettings().data?.idle_timeout_minutes;
  useIdleLogout(user !== null, onIdle, idleMinutes ? idleMinutes * 60_000 : IDLE_TIMEOUT_MS);

  const value = useMemo<SessionValue>(() => {
    const permissionsFront = user?.permissionsFront ?? [];
    return {
      user,
      role: effectiveRole(user?.roles ?? []),
      permissionsFront,
      company: user?.company ?? null,
      can: (permission: string) => permissionsFront.includes(permission),
      reloadUser,
      login,
      loginWithTokens,
      logout,
    };
  }, [user, reloadUser, login, loginWithTokens, logout]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
