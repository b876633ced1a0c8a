import { AdvancedPage, type AdvancedPanels } from '../../features/advanced/AdvancedPage';
import { AccessTokensPanel } from '../../features/access-tokens/AccessTokensPanel';
import { ProcessesPanel } from '../../features/processes/ProcessesPanel';
import { SchedulesPanel } from '../../features/schedules/SchedulesPanel';
import { WebhooksPanel } from '../../features/webhooks/WebhooksPanel';

const PANELS: AdvancedPanels = {
  tokens: AccessTokensPanel,
  webhooks: WebhooksPanel,
  inbound: ProcessesPanel,
  schedules: SchedulesPanel,
};

/** /advanced: the advanced feature's tabs around the panels of four other features. */
export function AdvancedScreen() {
  return <AdvancedPage panels={PANELS} />;
}
