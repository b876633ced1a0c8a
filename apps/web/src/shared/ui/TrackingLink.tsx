import { useTranslation } from 'react-i18next';
import { Link } from '@mui/material';
import { trackingUrl } from '@omnio/domain';

/** A tracking number, linked to the carrier's tracking page when the carrier (or the number) says which page. */
export function TrackingLink({ carrier, tracking, empty = '—' }: { carrier: string | null | undefined; tracking: string | null | undefined; empty?: string }) {
  const { t } = useTranslation();
  if (!tracking) return <>{empty}</>;
  const url = trackingUrl(carrier, tracking);
  if (!url) return <>{tracking}</>;
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer" aria-label={t('tracking.open', { number: tracking })} sx={{ overflowWrap: 'anywhere' }}>
      {tracking}
    </Link>
  );
}
