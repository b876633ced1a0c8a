import { z } from 'zod';
import { ZTimestamp } from './responses';

/**
 * EDI trading partners (API.md "Channel connections": driver `edi-x12`; spec 1 EDI, Commerce Hub, SPS Commerce).
 * A partner is a process: its mailbox is in the sealed credentials, its X12 identities and rules in the
 * settings below; the documents exchanged are the partner's document log.
 */

/** Partner presets: where their mailbox keeps files and what they call them (edi-networks.md). */
export const EDI_PRESETS = ['x12', 'commercehub', 'spscommerce'] as const;
export type EdiPreset = (typeof EDI_PRESETS)[number];
export const MAILBOX_PROTOCOLS = ['sftp', 'ftp', 'ftps'] as const;
/** x12: X12 004010 documents; csv: a partner's own CSV files, read and written by its mappers (ORDER, ASN, INVENTORY). */
export const EDI_FILE_FORMATS = ['x12', 'csv'] as const;
export type EdiFileFormat = (typeof EDI_FILE_FORMATS)[number];
export type MailboxProtocol = (typeof MAILBOX_PROTOCOLS)[number];

export interface EdiPresetDefaults {
  protocol: MailboxProtocol;
  port: number;
  inbound_dir: string;
  outbound_dir: string;
  /** File names we write start with the document's code (SPS: PO, SH, IN, IB…), then a unique part. */
  file_prefix: Record<string, string>;
  /** What the set-up screen says about the network's conventions. */
  note: string;
}

export const EDI_PRESET_DEFAULTS: Readonly<Record<EdiPreset, EdiPresetDefaults>> = {
  x12: {
    protocol: 'sftp', port: 22, inbound_dir: '/in', outbound_dir: '/out',
    file_prefix: { '855': '855_', '856': '856_', '810': '810_', '846': '846_', '997': '997_' },
    note: 'A retailer or hub that trades X12 004010 through an SFTP or FTP mailbox.',
  },
  // SPS-hosted mailbox: SPS drops files in `out` (we fetch, then delete) and takes ours from `in`; names start
  // with the document code (edi-networks.md §1, N2). Raw X12 is SPS's "EDI pass-through".
  spscommerce: {
    protocol: 'sftp', port: 22, inbound_dir: '/out', outbound_dir: '/in',
    file_prefix: { '855': 'PR', '856': 'SH', '810': 'IN', '846': 'IB', '997': 'FA' },
    note: 'SPS Commerce hosted SFTP: we read from out and write to in (testout and testin for tests); raw X12 pass-through.',
  },
  // CommerceHub OrderStream over SFTP: orders are picked up from outgoing/orders/<merchant>, confirmations go to
  // incoming/confirms/<merchant> (edi-networks.md §2, N6). We trade X12 there, as its VAN option does.
  commercehub: {
    protocol: 'sftp', port: 22, inbound_dir: '/outgoing/orders', outbound_dir: '/incoming/confirms',
    file_prefix: { '855': 'confirm_', '856': 'ship_', '810': 'invoice_', '846': 'inventory_', '997': 'fa_' },
    note: 'CommerceHub (Rithum) drop-ship: orders from outgoing/orders/<merchant>, confirmations to incoming/confirms/<merchant>.',
  },
};

const isaQualifier = z.string().trim().toUpperCase().regex(/^[A-Z0-9]{2}$/, 'Two letters or digits, like ZZ or 01');
const isaId = z.string().trim().min(1, 'Required').max(15, 'At most 15 characters').regex(/^[A-Za-z0-9 ._-]+$/, 'Letters, digits, spaces, dots, dashes');
const gsId = z.string().trim().min(2, 'At least 2 characters').max(15, 'At most 15 characters').regex(/^[A-Za-z0-9 ._-]+$/, 'Letters, digits, spaces, dots, dashes');

/** The EDI partner's settings (flat in a process's settings, as API.md lists them). */
export const ZEdiSettingsShape = {
  isa_qualifier: isaQualifier.optional(),
  isa_id: isaId.optional(),
  partner_isa_qualifier: isaQualifier.optional(),
  partner_isa_id: isaId.optional(),
  gs_id: gsId.optional(),
  partner_gs_id: gsId.optional(),
  edi_preset: z.enum(EDI_PRESETS).optional(),
  file_format: z.enum(EDI_FILE_FORMATS).optional(),
  mailbox_protocol: z.enum(MAILBOX_PROTOCOLS).optional(),
  /** ISA15: P production, T test. */
  usage_indicator: z.enum(['P', 'T']).optional(),
  /** A document we send without a 997 back within this many hours is overdue. */
  ack_window_hours: z.number().int().min(1, 'Between 1 and 720').max(720, 'Between 1 and 720').optional(),
  /** GS1 company prefix for the SSCC-18 of each carton in an 856. */
  gs1_company_prefix: z.string().trim().regex(/^\d{7,10}$/, 'Your GS1 company prefix: 7 to 10 digits').optional(),
  send_855: z.boolean().optional(),
  send_810: z.boolean().optional(),
  /** The 846 QTY01 qualifier the partner wants (Walmart DSV: 17, on hand). */
  inventory_qty_qualifier: z.string().trim().regex(/^[A-Z0-9]{2,3}$/, 'Two or three letters or digits').optional(),
  /** Our vendor number at the partner (REF*IA). */
  vendor_id: z.string().trim().max(30).nullable().optional(),
  /** The SFTP host key's SHA256 fingerprint, pinned on the first successful connection. */
  sftp_host_key: z.string().trim().max(100).nullable().optional(),
  /** Where processed inbound files go; empty: they are deleted after pickup, as SPS and CommerceHub expect. */
  archive_dir: z.string().trim().max(300).nullable().optional(),
} as const;

/** Settings an X12 partner cannot run without (checked when it is created or changed); a CSV partner needs none. */
export const EDI_REQUIRED_SETTINGS = ['isa_qualifier', 'isa_id', 'partner_isa_qualifier', 'partner_isa_id'] as const;
export const DEFAULT_ACK_WINDOW_HOURS = 24;

/* ------------------------------------------------------------------ the document log */

export const EDI_DOC_TYPES = ['850', '855', '856', '810', '846', '997', '860', 'csv', 'unknown'] as const;
export type EdiDocType = (typeof EDI_DOC_TYPES)[number];
export const EDI_DIRECTIONS = ['in', 'out'] as const;

/**
 * in: received → imported | partially_imported | rejected (garbled or refused: a 997 R went back) | duplicate
 * (an ISA13 already taken from this partner) | acknowledged (a 997 that reconciled ours).
 * out: sent → accepted | accepted_with_errors | partially_accepted | rejected (from the partner's 997) | overdue
 * (no 997 within the window; a late 997 still settles it).
 */
export const EDI_DOC_STATUSES = [
  'received', 'imported', 'partially_imported', 'rejected', 'duplicate', 'acknowledged',
  'sent', 'accepted', 'accepted_with_errors', 'partially_accepted', 'overdue',
] as const;
export type EdiDocStatus = (typeof EDI_DOC_STATUSES)[number];

export const ZEdiIssue = z.object({
  code: z.string(),
  message: z.string(),
  set_control: z.string().nullable().optional(),
  segment: z.string().nullable().optional(),
  position: z.number().nullable().optional(),
});

export const ZEdiDocument = z.object({
  id: z.string(),
  process_id: z.string(),
  direction: z.enum(EDI_DIRECTIONS),
  doc_type: z.enum(EDI_DOC_TYPES),
  file_name: z.string().nullable(),
  interchange_control: z.string().nullable(),
  group_control: z.string().nullable(),
  set_controls: z.array(z.string()),
  status: z.enum(EDI_DOC_STATUSES),
  /** The partner's 997 on a document we sent (A, E, P, R), or ours on one we received. */
  ack_status: z.enum(['A', 'E', 'P', 'R']).nullable(),
  acked_at: ZTimestamp.nullable(),
  due_at: ZTimestamp.nullable(),
  /** When a document we send was put in the partner's mailbox (null: waiting for the next run). */
  delivered_at: ZTimestamp.nullable(),
  error: z.string().nullable(),
  order_ids: z.array(z.string()),
  shipment_id: z.string().nullable(),
  counts: z.object({ sets: z.number(), created: z.number(), duplicates: z.number(), failed: z.number() }),
  size: z.number(),
  created_at: ZTimestamp,
});
export type EdiDocumentDto = z.input<typeof ZEdiDocument>;

export const ZEdiReadableSegment = z.object({
  segment: z.string(),
  name: z.string(),
  elements: z.array(z.object({ position: z.string(), name: z.string().nullable(), value: z.string(), meaning: z.string().optional() })),
});

export const ZEdiDocumentDetail = ZEdiDocument.extend({
  raw: z.string(),
  /** The orders of `order_ids` with the numbers people know them by (at most 200). */
  orders: z.array(z.object({ id: z.string(), number: z.string(), external_id: z.string().nullable() })),
  issues: z.array(ZEdiIssue),
  /** Each transaction set, segment by segment with names and code meanings. */
  readable: z.array(z.object({ set_id: z.string(), control: z.string(), segments: z.array(ZEdiReadableSegment) })),
  /** The 997 that settled this document, or the documents this 997 settled. */
  related: z.array(z.object({ id: z.string(), doc_type: z.enum(EDI_DOC_TYPES), direction: z.enum(EDI_DIRECTIONS), status: z.enum(EDI_DOC_STATUSES), interchange_control: z.string().nullable() })),
  ack_details: z.array(z.object({
    set_id: z.string(), control: z.string(), status: z.string(),
    errors: z.array(z.object({ segment: z.string().nullable().optional(), position: z.number().nullable().optional(), code: z.string().nullable().optional(), element: z.number().nullable().optional(), element_code: z.string().nullable().optional(), bad_value: z.string().nullable().optional() })),
  })).nullable(),
});
export type EdiDocumentDetailDto = z.input<typeof ZEdiDocumentDetail>;

export const ZEdiDocumentQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  direction: z.enum(EDI_DIRECTIONS).optional(),
  doc_type: z.enum(EDI_DOC_TYPES).optional(),
  status: z.enum(EDI_DOC_STATUSES).optional(),
}).strict();
export type TEdiDocumentQuery = z.infer<typeof ZEdiDocumentQuery>;

/** Status words for the log's chips. */
export const EDI_DOC_STATUS_TONE: Readonly<Record<EdiDocStatus, 'success' | 'warning' | 'error' | 'info' | 'default'>> = {
  received: 'info', imported: 'success', partially_imported: 'warning', rejected: 'error', duplicate: 'default', acknowledged: 'success',
  sent: 'info', accepted: 'success', accepted_with_errors: 'warning', partially_accepted: 'warning', overdue: 'error',
};
