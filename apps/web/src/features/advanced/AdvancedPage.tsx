import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Tab, Tabs, Typography } from '@mui/material';

const TABS = ['tokens', 'webhooks', 'inbound', 'schedules'] as const;
export type AdvancedTab = (typeof TABS)[number];

/** Each tab is another feature's panel; app/composed hands them in, since a feature never imports another. */
export type AdvancedPanels = Record<AdvancedTab, ComponentType>;

/** /advanced: how other systems reach the company (tokens, inbound webhooks) and hear from it (webhooks). */
export function AdvancedPage({ panels }: { panels: AdvancedPanels }) {
  const { t } = useTranslation('advanced');
  const [params, setParams] = useSearchParams();
  const tab: AdvancedTab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as AdvancedTab) : 'tokens';
  const Panel = panels[tab];
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
        <Panel />
      </div>
    </Box>
  );
}
