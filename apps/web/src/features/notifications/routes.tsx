import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const NotificationsPage = lazy(() => import('./NotificationsPage').then((m) => ({ default: m.NotificationsPage })));
const NotificationSettingsPage = lazy(() => import('./NotificationSettingsPage').then((m) => ({ default: m.NotificationSettingsPage })));
const FeedHistoryPage = lazy(() => import('./FeedHistoryPage').then((m) => ({ default: m.FeedHistoryPage })));

/** Keyed by the route names of shared/routing/routes-table.ts. */
export const notificationsScreens: ScreenMap = {
  notifications: NotificationsPage,
  feedHistory: FeedHistoryPage,
  'user-notifications': NotificationSettingsPage,
};
