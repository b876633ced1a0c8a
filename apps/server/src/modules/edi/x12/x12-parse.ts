import {
  X12SyntaxError,
  type X12Delimiters,
  type X12Group,
  type X12Interchange,
  type X12Issue,
  type X12Segment,
  type X12Transaction,
} from './x12-types';

/** The ISA is fixed-width: these are the offsets of its 16 element separators (ISA01..ISA16 widths). */
const ISA_SEPARATOR_OFFSETS = [3, 6, 17, 20, 31, 34, 50, 53, 69, 76, 81, 83, 89, 99, 101, 103];
const ISA_LENGTH = 106;
const SEGMENT_ID = /^[A-Z0-9]{2,3}$/;
// Characters that can never be delimiters: they occur in the ISA's own values (letters, digits, space padding).
const NOT_A_DELIMITER = /[A-Za-z0-9 ]/;

const isLineBreak = (c: string | undefined) => c === '\r' || c === '\n';
const isNewline = (c: string) => c === '\n' || c === '\r';

function skipBomAndWhitespace(text: string, from: number): number {
  let i = from;
  if (i === 0 && text.charCodeAt(0) === 0xfeff) i = 1;
  // Whitespace, NUL padding and the DOS end-of-file mark (0x1a) some old VANs still append.
  while (i < text.length && (/\s/.test(text[i] ?? '') || text.charCodeAt(i) === 0x1a || text.charCodeAt(i) === 0)) i += 1;
  return i;
}

function delimitersAt(text: string, at: number): X12Delimiters {
  if (text.slice(at, at + 3) !== 'ISA') throw new X12SyntaxError('Not an X12 interchange: it does not start with ISA', at);
  if (text.length < at + ISA_LENGTH) throw new X12SyntaxError('The ISA segment is shorter than 106 characters', at);
  const element = text[at + 3] as string;
  const component = text[at + 104] as string;
  const segment = text[at + 105] as string;
  if (NOT_A_DELIMITER.test(element) || isNewline(element)) throw new X12SyntaxError(`Invalid element separator ${JSON.stringify(element)}`, at + 3);
  if (NOT_A_DELIMITER.test(component) || isNewline(component)) throw new X12SyntaxError(`Invalid component separator ${JSON.stringify(component)}`, at + 104);
  if (NOT_A_DELIMITER.test(segment)) throw new X12SyntaxError(`Invalid segment terminator ${JSON.stringify(segment)}`, at + 105);
  if (element === segment || element === component || component === segment) {
    throw new X12SyntaxError('The ISA delimiters are not all different (ISA16 and the terminator must differ from the element separator)', at + 104);
  }
  for (let i = 0; i < 104; i += 1) {
    const isSeparator = text[at + i] === element;
    if (isSeparator !== ISA_SEPARATOR_OFFSETS.includes(i)) {
      throw new X12SyntaxError('The ISA is not 106 fixed-width characters (an element separator is out of place)', at + i);
    }
    if (i > 3 && (text[at + i] === segment || text[at + i] === component)) {
      throw new X12SyntaxError('The ISA contains a delimiter inside a value', at + i);
    }
  }
  return { element, component, segment };
}

/** Delimiters read by position from the ISA (3, 104, 105); never assumed. */
export function readDelimiters(text: string): X12Delimiters {
  return delimitersAt(text, skipBomAndWhitespace(text, 0));
}

interface Cursor {
  segments: X12Segment[];
  end: number;
}

/** Splits one interchange into segments, stopping after its IEA so the next ISA may use other delimiters. */
function readSegments(text: string, start: number, d: X12Delimiters): Cursor {
  const segments: X12Segment[] = [];
  let i = start;
  while (i < text.length) {
    // Tolerate CR, LF or CRLF wrapping (and stray indentation) after each terminator: no segment ID starts with a space.
    while (isLineBreak(text[i]) || text[i] === ' ' || text[i] === '\t') i += 1;
    if (i >= text.length) break;
    let stop = text.indexOf(d.segment, i);
    if (stop === -1) stop = text.length;
    let raw = text.slice(i, stop);
    if (d.segment === '\n' && raw.endsWith('\r')) raw = raw.slice(0, -1);
    const parts = raw.split(d.element);
    const id = parts[0] ?? '';
    if (!SEGMENT_ID.test(id)) {
      throw new X12SyntaxError(`Garbled segment ${JSON.stringify(raw.slice(0, 20))} (segment ${segments.length + 1} of the interchange)`, i);
    }
    if (id === 'ISA' && segments.length > 0) throw new X12SyntaxError('A new ISA started before the IEA of the previous interchange', i);
    segments.push({ id, elements: parts.slice(1) });
    i = stop + d.segment.length;
    if (id === 'IEA') return { segments, end: i };
  }
  throw new X12SyntaxError('The interchange has no IEA trailer (truncated file?)', text.length);
}

function el(segment: X12Segment, n: number): string {
  return segment.elements[n - 1] ?? '';
}

function outside(segment: X12Segment, index: number, where: string): X12SyntaxError {
  return new X12SyntaxError(`${segment.id} at segment ${index + 1} of the interchange is ${where}`);
}

function buildInterchange(segments: X12Segment[], d: X12Delimiters): X12Interchange {
  const isa = segments[0] as X12Segment;
  const usage = el(isa, 15);
  if (usage !== 'P' && usage !== 'T') throw new X12SyntaxError(`ISA15 must be P or T, got ${JSON.stringify(usage)}`);
  const ic: X12Interchange = {
    delimiters: d,
    senderQualifier: el(isa, 5),
    senderId: el(isa, 6).trim(),
    receiverQualifier: el(isa, 7),
    receiverId: el(isa, 8).trim(),
    date: el(isa, 9),
    time: el(isa, 10),
    control: el(isa, 13),
    ackRequested: el(isa, 14) === '1',
    usage,
    isa,
    iea: null,
    groups: [],
  };
  let group: X12Group | null = null;
  let tx: X12Transaction | null = null;
  for (let index = 1; index < segments.length; index += 1) {
    const segment = segments[index] as X12Segment;
    switch (segment.id) {
      case 'GS':
        // A GS while another group is open means that group lost its GE: validateInterchange reports it.
        tx = null;
        group = {
          functionalId: el(segment, 1),
          sender: el(segment, 2),
          receiver: el(segment, 3),
          date: el(segment, 4),
          time: el(segment, 5),
          control: el(segment, 6),
          version: el(segment, 8),
          gs: segment,
          ge: null,
          transactions: [],
        };
        ic.groups.push(group);
        break;
      case 'ST':
        if (!group) throw outside(segment, index, 'outside a functional group');
        tx = { setId: el(segment, 1), control: el(segment, 2), segments: [], st: segment, se: null, startIndex: index };
        group.transactions.push(tx);
        break;
      case 'SE':
        if (!tx) throw outside(segment, index, 'not inside a transaction set');
        tx.se = segment;
        tx = null;
        break;
      case 'GE':
        if (!group) throw outside(segment, index, 'outside a functional group');
        group.ge = segment;
        group = null;
        tx = null;
        break;
      case 'IEA':
        ic.iea = segment;
        break;
      default:
        if (!tx) throw outside(segment, index, 'outside a transaction set');
        tx.segments.push(segment);
    }
  }
  return ic;
}

/**
 * Every ISA..IEA in a file. Envelopes are found only where a segment starts (after the previous IEA),
 * so data such as `N1*ST*ISAAC NEWTON` cannot split anything. Throws X12SyntaxError for garbled input.
 */
export function parseInterchanges(text: string): X12Interchange[] {
  const interchanges: X12Interchange[] = [];
  let at = skipBomAndWhitespace(text, 0);
  if (at >= text.length) throw new X12SyntaxError('Empty file', 0);
  while (at < text.length) {
    const d = delimitersAt(text, at);
    const { segments, end } = readSegments(text, at, d);
    interchanges.push(buildInterchange(segments, d));
    at = skipBomAndWhitespace(text, end);
  }
  return interchanges;
}

function countIssue(expected: number, actual: string): boolean {
  return !/^\d+$/.test(actual) || Number(actual) !== expected;
}

function validateTransaction(group: X12Group, tx: X12Transaction, seen: Set<string>): X12Issue[] {
  const issues: X12Issue[] = [];
  const base = { level: 'transaction' as const, groupControl: group.control, setControl: tx.control, setId: tx.setId };
  if (tx.control === '') issues.push({ ...base, code: '7', message: 'ST02 (control number) is empty', segmentId: 'ST', segmentPosition: 1 });
  if (seen.has(tx.control)) {
    issues.push({ ...base, code: '23', message: `ST02 ${tx.control} is used twice in group ${group.control}`, segmentId: 'ST', segmentPosition: 1 });
  }
  seen.add(tx.control);
  if (!tx.se) {
    issues.push({ ...base, code: '2', message: `Transaction set ${tx.setId} ${tx.control} has no SE trailer` });
    return issues;
  }
  const count = tx.segments.length + 2;
  const position = count;
  const se01 = el(tx.se, 1);
  if (countIssue(count, se01)) {
    issues.push({ ...base, code: '4', message: `SE01 says ${se01} segments, the set has ${count}`, segmentId: 'SE', segmentPosition: position, elementPosition: 1, badValue: se01 });
  }
  const se02 = el(tx.se, 2);
  if (se02 !== tx.control) {
    issues.push({ ...base, code: '3', message: `SE02 ${se02} does not match ST02 ${tx.control}`, segmentId: 'SE', segmentPosition: position, elementPosition: 2, badValue: se02 });
  }
  return issues;
}

/** Envelope counts and control numbers: SE01/SE02, ST02 unique in a group, GE01/GE02, IEA01/IEA02, missing trailers. */
export function validateInterchange(ic: X12Interchange): X12Issue[] {
  const issues: X12Issue[] = [];
  const groupControls = new Set<string>();
  for (const group of ic.groups) {
    const base = { level: 'group' as const, groupControl: group.control };
    if (groupControls.has(group.control)) issues.push({ ...base, code: '19', message: `GS06 ${group.control} is used twice in the interchange` });
    groupControls.add(group.control);
    const setControls = new Set<string>();
    for (const tx of group.transactions) issues.push(...validateTransaction(group, tx, setControls));
    if (!group.ge) {
      issues.push({ ...base, code: '3', message: `Functional group ${group.control} has no GE trailer` });
      continue;
    }
    const ge01 = el(group.ge, 1);
    if (countIssue(group.transactions.length, ge01)) {
      issues.push({ ...base, code: '5', message: `GE01 says ${ge01} sets, the group has ${group.transactions.length}`, segmentId: 'GE', badValue: ge01 });
    }
    const ge02 = el(group.ge, 2);
    if (ge02 !== group.control) issues.push({ ...base, code: '4', message: `GE02 ${ge02} does not match GS06 ${group.control}`, segmentId: 'GE', badValue: ge02 });
  }
  if (!ic.iea) {
    issues.push({ level: 'interchange', code: '023', message: 'The interchange has no IEA trailer' });
    return issues;
  }
  const iea01 = el(ic.iea, 1);
  if (countIssue(ic.groups.length, iea01)) {
    issues.push({ level: 'interchange', code: '021', message: `IEA01 says ${iea01} groups, the interchange has ${ic.groups.length}`, segmentId: 'IEA', badValue: iea01 });
  }
  const iea02 = el(ic.iea, 2);
  if (iea02 !== ic.control) {
    issues.push({ level: 'interchange', code: '001', message: `IEA02 ${iea02} does not match ISA13 ${ic.control}`, segmentId: 'IEA', badValue: iea02 });
  }
  return issues;
}
