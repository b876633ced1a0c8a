import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const LoginScreen = lazy(() => import('./LoginScreen').then((m) => ({ default: m.LoginScreen })));
const SignupScreen = lazy(() => import('./SignupScreen').then((m) => ({ default: m.SignupScreen })));
const AcceptInvitationScreen = lazy(() => import('./AcceptInvitationScreen').then((m) => ({ default: m.AcceptInvitationScreen })));
const ForgotPasswordScreen = lazy(() => import('./ForgotPasswordScreen').then((m) => ({ default: m.ForgotPasswordScreen })));
const ResetPasswordScreen = lazy(() => import('./ResetPasswordScreen').then((m) => ({ default: m.ResetPasswordScreen })));
const SessionCompaniesScreen = lazy(() => import('./SessionCompaniesScreen').then((m) => ({ default: m.SessionCompaniesScreen })));
const LockScreen = lazy(() => import('./LockScreen').then((m) => ({ default: m.LockScreen })));

export const sessionScreens: ScreenMap = {
  login: LoginScreen,
  signup: SignupScreen,
  'validate-intent': AcceptInvitationScreen,
  'forgot-password': ForgotPasswordScreen,
  'reset-password': ResetPasswordScreen,
  'session-companies': SessionCompaniesScreen,
  'lock-screen': LockScreen,
};
