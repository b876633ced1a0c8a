import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const MailSettingsPage = lazy(() => import('./MailSettingsPage').then((m) => ({ default: m.MailSettingsPage })));

/** Keyed by the route names of shared/routing/routes-table.ts. */
export const mailSettingsScreens: ScreenMap = {
  'mail-settings': MailSettingsPage,
};
