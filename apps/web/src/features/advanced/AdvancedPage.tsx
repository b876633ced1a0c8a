import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { AccessTokensPanel } from '../access-tokens/AccessTokensPanel';
import { WebhooksPanel } from '../webhooks/WebhooksPanel';
import { ProcessesPanel } from '../processes/ProcessesPanel';
import { SchedulesPanel } from '../schedules/SchedulesPanel';

const TABS = ['tokens', 'webhooks', 'inbound', 'schedules'] as const;
type AdvancedTab = (typeof TABS)[number];

/** /advanced: how other systems reach the company (tokens, inbound webhooks) and hear from it (webhooks). */
export function AdvancedPage() {
  const { t } = useTranslation('advanced');
  const [params, setParams] = useSearchParams();
  const tab: AdvancedTab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as AdvancedTab) : 'tokens';
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        {t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('subtitle')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_e, value: AdvancedTab) => setParams({ tab: value }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('title')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`tabs.${name}`)} id={`advanced-tab-${name}`} aria-controls={`advanced-panel-${name}`} />
        ))}
      </Tabs>
      <div role="tabpanel" id={`advanced-panel-${tab}`} aria-labelledby={`advanced-tab-${tab}`}>
        {tab === 'tokens' && <AccessTokensPanel />}
        {tab === 'webhooks' && <WebhooksPanel />}
        {tab === 'inbound' && <ProcessesPanel />}
        {tab === 'schedules' && <SchedulesPanel />}
      </div>
    </Box>
  );
}
