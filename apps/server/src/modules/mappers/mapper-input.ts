import { parse } from 'csv-parse/sync';
import { MAPPER_XML_UNSUPPORTED, type MapperFileType } from '@omnio/domain';
import { fieldError } from '../../platform/http/errors';

/**
 * The document a mapper's expressions see, by file type:
 * - csv: `{ rows: [{ <header>: <value> }] }`, columns named by the header row;
 * - json: the parsed JSON;
 * - x12: `{ interchange: {sender, receiver, control}, transactions: [{ set, control, group, segments, po? }] }`,
 *   each segment `{ id: 'BEG', BEG01: '00', … }` and an 850's `po` as read850 reads it;
 * - xml: not supported (a 422).
 * A sample that cannot be read is a 422 on `content`. The X12 reader is the EDI module's (it registers it at
 * start, so mappers never import edi: edi uses mappers).
 */

type Reader = (text: string) => Promise<unknown>;
let x12Reader: Reader | null = null;

export function registerX12MapperInput(reader: Reader): void {
  x12Reader = reader;
}

async function x12Input(text: string): Promise<unknown> {
  if (!x12Reader) throw fieldError('content', 'X12 files cannot be read on this server');
  return x12Reader(text);
}
export async function mapperInput(fileType: MapperFileType, text: string): Promise<unknown> {
  switch (fileType) {
    case 'csv': return csvInput(text);
    case 'json': return jsonInput(text);
    case 'x12': return x12Input(text);
    case 'xml': throw fieldError('content', MAPPER_XML_UNSUPPORTED);
  }
}

function csvInput(text: string): { rows: Record<string, string>[] } {
  try {
    const rows = parse(text, { columns: true, bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as Record<string, string>[];
    return { rows };
  } catch (err) {
    throw fieldError('content', `The CSV file could not be read: ${(err as Error).message}`);
  }
}

function jsonInput(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (err) {
    throw fieldError('content', `The file is not valid JSON: ${(err as Error).message}`);
  }
}
