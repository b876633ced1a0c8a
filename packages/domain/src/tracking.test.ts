import { describe, expect, it } from 'vitest';
import { trackingUrl } from './tracking';

describe('trackingUrl', () => {
  it("links a known carrier's number to its tracking page, by code or by its usual name", () => {
    expect(trackingUrl('ups', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrl('UPS Freight', 'PRO123456')).toBe('https://www.ups.com/track?tracknum=PRO123456');
    expect(trackingUrl('usps', '9400111899223197428490')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490');
    expect(trackingUrl('FedEx Ground', '123456789012')).toBe('https://www.fedex.com/fedextrack/?trknbr=123456789012');
    expect(trackingUrl('dhl', '1234567890')).toContain('tracking-id=1234567890');
    expect(trackingUrl('ontrac', 'C11031500001879')).toBe('https://www.ontrac.com/tracking/?number=C11031500001879');
  });

  it('reads a UPS number without a carrier, and links nothing it cannot tell', () => {
    expect(trackingUrl(null, '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrl('other', '123456789012')).toBeNull();
    expect(trackingUrl('Groupsell Logistics', '123456789012')).toBeNull();
    expect(trackingUrl('ups', '')).toBeNull();
    expect(trackingUrl('ups', 'left at the door')).toBeNull();
    expect(trackingUrl('ups', '<script>1234567')).toBeNull();
  });
});
