import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { ChannelProcessItem } from '@omnio/domain';
import { Term } from '../../../shared/ui/Term';
import { Card } from '../ConnectionCards';

/**
 * An EDI partner's identities and rules as set up (the generic settings card is about a store's address and
 * kept pages, which a mailbox partner has none of). Changing them is a new partner set-up for now.
 */
export function EdiProfileCard({ process }: { process: ChannelProcessItem }) {
  const { t } = useTranslation('channelsEdi');
  const s = process.settings;
  const dash = '—';
  const isa = (q?: string | null, id?: string | null) => (id ? `${q ?? ''}/${id}` : dash);
  const yes = (v: boolean | undefined, fallback: boolean) => ((v ?? fallback) ? t('profile.yes') : t('profile.no'));
  return (
    <Card id="edi-profile-title" title={t('profile.title')} subtitle={t('profile.intro')}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
        <Term label={t('setup.partner.preset')}>{t(`setup.partner.presets.${s.edi_preset ?? 'x12'}`)}</Term>
        <Term label={t('setup.partner.format')}>{t(`setup.partner.formats.${s.file_format ?? 'x12'}`)}</Term>
        <Term label={t('profile.us')}>{isa(s.isa_qualifier, s.isa_id)}</Term>
        <Term label={t('profile.partner')}>{isa(s.partner_isa_qualifier, s.partner_isa_id)}</Term>
        <Term label={t('setup.ids.gsId')}>{s.gs_id ?? s.isa_id ?? dash}</Term>
        <Term label={t('setup.ids.partnerGsId')}>{s.partner_gs_id ?? s.partner_isa_id ?? dash}</Term>
        <Term label={t('setup.docs.usage')}>{t(`setup.docs.usages.${s.usage_indicator ?? 'P'}`)}</Term>
        <Term label={t('setup.docs.ackWindow')}>{`${s.ack_window_hours ?? 24} ${t('setup.docs.hours')}`}</Term>
        <Term label={t('setup.docs.gs1')}>{s.gs1_company_prefix ?? dash}</Term>
        <Term label={t('setup.docs.vendorId')}>{s.vendor_id ?? dash}</Term>
        <Term label={t('profile.send855')}>{yes(s.send_855, true)}</Term>
        <Term label={t('profile.send810')}>{yes(s.send_810, false)}</Term>
        <Box sx={{ gridColumn: '1 / -1', minWidth: 0, overflowWrap: 'anywhere' }}>
          <Term label={t('profile.hostKey')}>{s.sftp_host_key ? `SHA256:${s.sftp_host_key}` : t('profile.hostKeyNone')}</Term>
        </Box>
      </Box>
    </Card>
  );
}
