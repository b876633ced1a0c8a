import { createContext } from 'react';
import type { Role } from '@omnio/domain';
import type { TokenSet } from './storage';
import type { SessionUser } from './session-user';

export interface LogoutOptions {
  /** i18n key (common namespace) of a notice the login page shows, e.g. why the user was signed out. */
  notice?: string;
  /** Skip the server call (the session is already dead). */
  local?: boolean;
}

export interface SessionValue {
  user: SessionUser | null;
  role: Role | null;
  permissionsFront: string[];
  company: SessionUser['company'];
  can(permission: string): boolean;
  reloadUser(): Promise<SessionUser>;
  login(username: string, password: string): Promise<SessionUser>;
  loginWithTokens(tokens: TokenSet): Promise<SessionUser>;
  logout(options?: LogoutOptions): Promise<void>;
}

export const SessionContext = createContext<SessionValue | null>(null);
