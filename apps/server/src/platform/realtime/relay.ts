import type { RealtimeChunk, RealtimeMessage } from './publish';

interface Pending {
  parts: (string | undefined)[];
  received: number;
  firstSeen: number;
}

/** How long the chunks of one big message may take to all arrive (they come together at commit). */
const CHUNK_TIMEOUT_MS = 30_000;

/**
 * Turns NOTIFY payloads back into messages: a small message is one payload, a big one arrives as numbered
 * chunks (publish.ts) and is answered once complete. A malformed payload is dropped, never thrown: the
 * listener must survive anything another process writes to the channel.
 */
export class RealtimeDecoder {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly onError: (reason: string) => void = () => {}) {}

  push(payload: string, now = Date.now()): RealtimeMessage | null {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      this.onError('payload is not JSON');
      return null;
    }
    if (isChunk(parsed)) return this.pushChunk(parsed, now);
    if (isMessage(parsed)) return parsed;
    this.onError('payload is not a realtime message');
    return null;
  }

  private pushChunk(piece: RealtimeChunk, now: number): RealtimeMessage | null {
    this.expire(now);
    const { id, index, total } = piece.chunk;
    if (!(total > 0 && total < 1_000 && index >= 0 && index < total)) return null;
    let entry = this.pending.get(id);
    if (!entry) this.pending.set(id, (entry = { parts: new Array<string | undefined>(total), received: 0, firstSeen: now }));
    if (entry.parts[index] === undefined) {
      entry.parts[index] = piece.b64;
      entry.received += 1;
    }
    if (entry.received < total) return null;
    this.pending.delete(id);
    const text = Buffer.concat(entry.parts.map((p) => Buffer.from(p!, 'base64'))).toString('utf8');
    return this.push(text, now);
  }

  private expire(now: number): void {
    for (const [id, entry] of this.pending) {
      if (now - entry.firstSeen > CHUNK_TIMEOUT_MS) {
        this.pending.delete(id);
        this.onError(`incomplete chunked message ${id} dropped`);
      }
    }
  }
}

function isChunk(value: unknown): value is RealtimeChunk {
  const v = value as RealtimeChunk | null;
  return typeof v === 'object' && v !== null && typeof v.chunk === 'object' && v.chunk !== null && typeof v.chunk.id === 'string'
    && Number.isInteger(v.chunk.index) && Number.isInteger(v.chunk.total) && typeof v.b64 === 'string';
}

function isMessage(value: unknown): value is RealtimeMessage {
  const v = value as RealtimeMessage | null;
  return typeof v === 'object' && v !== null && typeof v.channel === 'string' && typeof v.event === 'string';
}
