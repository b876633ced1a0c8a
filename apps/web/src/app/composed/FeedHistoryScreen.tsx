import { lazy } from 'react';
import { FeedHistoryPage } from '../../features/channels/FeedHistoryPage';

// Lazy as before: the reports tab loads its code only when opened.
const ReportsFeed = lazy(() => import('../../features/notifications/FeedHistoryPage').then((m) => ({ default: m.FeedHistoryPage })));

/** /feed-history: the channel runs, with the notifications feature's report list as the second tab. */
export function FeedHistoryScreen() {
  return <FeedHistoryPage ReportsFeed={ReportsFeed} />;
}
