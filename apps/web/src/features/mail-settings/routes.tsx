import { lazy } from 'react';
import type { ScreenMap } from '../../app/screen-map';

const MailSettingsPage = lazy(() => import('./MailSettingsPage').then((m) => ({ default: m.MailSettingsPage })));

/** Keyed by the route names of app/routes-table.ts. */
export const mailSettingsScreens: ScreenMap = {
  'mail-settings': MailSettingsPage,
};
