import { x12Date, x12Time } from './x12-format';
import type { X12Delimiters, X12Segment } from './x12-types';

export interface OutboundSet {
  setId: string;
  control: string;
  /** Body without ST/SE. */
  segments: X12Segment[];
}

export interface OutboundGroup {
  functionalId: string;
  sender: string;
  receiver: string;
  control: string;
  /** Default '004010'. */
  version?: string;
  date: Date;
  sets: OutboundSet[];
}

export interface OutboundInterchange {
  senderQualifier: string;
  senderId: string;
  receiverQualifier: string;
  receiverId: string;
  /** A number as a string; zero-padded to 9 digits. */
  control: string;
  date: Date;
  usage: 'P' | 'T';
  ackRequested?: boolean;
  /** Default `*` `>` `~`. */
  delimiters?: Partial<X12Delimiters>;
  /** A newline after each terminator (default true); ignored when the terminator is itself a newline. */
  lineBreaks?: boolean;
  groups: OutboundGroup[];
}

export const DEFAULT_DELIMITERS: X12Delimiters = { element: '*', component: '>', segment: '~' };

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function forbiddenChars(d: X12Delimiters): RegExp {
  return new RegExp(`[${escapeRe(d.element)}${escapeRe(d.component)}${escapeRe(d.segment)}\\r\\n]`);
}

function checkDelimiters(d: X12Delimiters): void {
  for (const c of [d.element, d.component, d.segment]) {
    if (c.length !== 1 || /[A-Za-z0-9 ]/.test(c)) throw new Error(`Invalid X12 delimiter ${JSON.stringify(c)}`);
  }
  if (new Set([d.element, d.component, d.segment]).size !== 3) throw new Error('X12 delimiters must all differ');
  if (d.element === '\n' || d.element === '\r' || d.component === '\n' || d.component === '\r') {
    throw new Error('Only the segment terminator may be a newline');
  }
}

/**
 * Writes segments, dropping trailing empty elements (X12 forbids them). A value holding a delimiter or a
 * line break is refused rather than escaped: X12 has no escape, so it would corrupt the document.
 */
export function segmentsToText(segments: X12Segment[], d: X12Delimiters, options: { lineBreaks?: boolean } = {}): string {
  const forbidden = forbiddenChars(d);
  const end = options.lineBreaks && d.segment !== '\n' ? `${d.segment}\n` : d.segment;
  const out: string[] = new Array<string>(segments.length);
  for (let s = 0; s < segments.length; s += 1) {
    const segment = segments[s] as X12Segment;
    const elements = segment.elements;
    let last = elements.length;
    while (last > 0 && !elements[last - 1]) last -= 1;
    let line = segment.id;
    for (let e = 0; e < last; e += 1) {
      const value = elements[e] ?? '';
      if (forbidden.test(value)) {
        throw new Error(`${segment.id}${String(e + 1).padStart(2, '0')} contains a delimiter or line break: ${JSON.stringify(value)}`);
      }
      line += d.element + value;
    }
    out[s] = line + end;
  }
  return out.join('');
}

/** Replaces delimiters, line breaks and control characters with spaces so free text (names, addresses) can be written. */
export function cleanText(value: string, d: X12Delimiters = DEFAULT_DELIMITERS): string {
  const bad = new RegExp(`[${escapeRe(d.element)}${escapeRe(d.component)}${escapeRe(d.segment)}\\u0000-\\u001f\\u007f]+`, 'g');
  return value.replace(bad, ' ').replace(/ {2,}/g, ' ').trim();
}

function fixed(value: string, width: number, what: string): string {
  if (value.length > width) throw new Error(`${what} is longer than ${width} characters: ${value}`);
  return value.padEnd(width, ' ');
}

function qualifier(value: string, what: string): string {
  if (!/^[A-Z0-9]{2}$/.test(value)) throw new Error(`${what} must be 2 characters: ${value}`);
  return value;
}

function numericControl(value: string, what: string): string {
  if (!/^\d{1,9}$/.test(value)) throw new Error(`${what} must be 1 to 9 digits: ${value}`);
  return value;
}

/** One ISA..IEA with fixed-width ISA (106 characters), UTC dates, computed SE01/GE01/IEA01. */
export function writeInterchange(input: OutboundInterchange): string {
  const d: X12Delimiters = { ...DEFAULT_DELIMITERS, ...input.delimiters };
  checkDelimiters(d);
  const isa13 = numericControl(input.control, 'Interchange control number').padStart(9, '0');
  const isa: X12Segment = {
    id: 'ISA',
    elements: [
      '00',
      ' '.repeat(10),
      '00',
      ' '.repeat(10),
      qualifier(input.senderQualifier, 'ISA05'),
      fixed(input.senderId, 15, 'ISA06 sender ID'),
      qualifier(input.receiverQualifier, 'ISA07'),
      fixed(input.receiverId, 15, 'ISA08 receiver ID'),
      x12Date(input.date).slice(2),
      x12Time(input.date),
      'U',
      '00401',
      isa13,
      input.ackRequested ? '1' : '0',
      input.usage,
      d.component,
    ],
  };
  const segments: X12Segment[] = [];
  for (const group of input.groups) {
    const gs06 = numericControl(group.control, 'GS06');
    segments.push({
      id: 'GS',
      elements: [group.functionalId, group.sender, group.receiver, x12Date(group.date), x12Time(group.date), gs06, 'X', group.version ?? '004010'],
    });
    for (const set of group.sets) {
      if (!/^[A-Za-z0-9]{4,9}$/.test(set.control)) throw new Error(`ST02 must be 4 to 9 characters: ${set.control}`);
      segments.push({ id: 'ST', elements: [set.setId, set.control] });
      for (const segment of set.segments) segments.push(segment);
      segments.push({ id: 'SE', elements: [String(set.segments.length + 2), set.control] });
    }
    segments.push({ id: 'GE', elements: [String(group.sets.length), gs06] });
  }
  segments.push({ id: 'IEA', elements: [String(input.groups.length), isa13] });

  const lineBreaks = input.lineBreaks ?? true;
  // ISA16 is the component separator itself, so the ISA is written without the value check.
  const isaText = `ISA${d.element}${isa.elements.join(d.element)}${d.segment}${lineBreaks && d.segment !== '\n' ? '\n' : ''}`;
  const forbidden = forbiddenChars(d);
  for (const value of isa.elements.slice(0, 15)) {
    if (forbidden.test(value)) throw new Error(`ISA value contains a delimiter: ${JSON.stringify(value)}`);
  }
  return isaText + segmentsToText(segments, d, { lineBreaks });
}
