import { describe, expect, it } from 'vitest';
import { encodeRealtimeMessage, NOTIFY_SAFE_BYTES } from './publish';
import { RealtimeDecoder } from './relay';

describe('realtime relay: NOTIFY payloads back into messages', () => {
  const big = { channel: 'Omnio.User.x', event: 'big-event', data: { text: 'añ€"\\'.repeat(8_000) } };

  it('keeps every payload of a big message under the NOTIFY limit and puts it together in any order, once', () => {
    const payloads = encodeRealtimeMessage(big);
    expect(payloads.length).toBeGreaterThan(3);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(NOTIFY_SAFE_BYTES);
    const errors: string[] = [];
    const decoder = new RealtimeDecoder((e) => errors.push(e));
    const shuffled = [...payloads.slice(1).reverse(), payloads[1]!, payloads[0]!];
    const out = shuffled.map((p) => decoder.push(p)).filter(Boolean);
    expect(out).toEqual([big]);
    expect(errors).toEqual([]);
  });

  it('drops garbage and a message whose chunks never all arrive, without throwing', () => {
    const errors: string[] = [];
    const decoder = new RealtimeDecoder((e) => errors.push(e));
    expect(decoder.push('not json')).toBeNull();
    expect(decoder.push('{"hello":1}')).toBeNull();
    const [first] = encodeRealtimeMessage(big);
    expect(decoder.push(first!, 0)).toBeNull();
    // 31 s later another chunked message arrives: the incomplete one is given up.
    expect(decoder.push(encodeRealtimeMessage(big)[0]!, 31_000)).toBeNull();
    expect(errors).toEqual(['payload is not JSON', 'payload is not a realtime message', expect.stringMatching(/^incomplete chunked message/)]);
  });

  it('sends a small message as itself', () => {
    const small = { channel: 'Omnio.Tenant.y', event: 'x-event', data: { a: 1 } };
    expect(encodeRealtimeMessage(small)).toEqual([JSON.stringify(small)]);
    expect(new RealtimeDecoder().push(JSON.stringify(small))).toEqual(small);
  });
});
