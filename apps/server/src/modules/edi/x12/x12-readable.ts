import { CODES, SEGMENTS } from './x12-dictionary';
import type { X12Segment, X12Transaction } from './x12-types';

export interface ReadableElement {
  /** e.g. 'BEG03' */
  position: string;
  name: string | null;
  value: string;
  meaning?: string;
}

export interface ReadableSegment {
  segment: string;
  name: string;
  elements: ReadableElement[];
}

export function readableSegment(segment: X12Segment): ReadableSegment {
  const def = SEGMENTS[segment.id];
  const elements: ReadableElement[] = [];
  segment.elements.forEach((value, index) => {
    if (value === '') return;
    const [ref, name] = def?.elements[index] ?? [undefined, null];
    const element: ReadableElement = { position: `${segment.id}${String(index + 1).padStart(2, '0')}`, name, value };
    const meaning = ref === undefined ? undefined : CODES[ref]?.[value];
    if (meaning !== undefined) element.meaning = meaning;
    elements.push(element);
  });
  return { segment: segment.id, name: def?.name ?? segment.id, elements };
}

/** The set (ST..SE) as named segments and elements with code meanings, for the document log's readable view. */
export function readableTransaction(tx: X12Transaction): ReadableSegment[] {
  const segments = [tx.st, ...tx.segments, ...(tx.se ? [tx.se] : [])];
  return segments.map(readableSegment);
}
