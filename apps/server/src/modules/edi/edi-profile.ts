import { DEFAULT_ACK_WINDOW_HOURS, EDI_PRESET_DEFAULTS, type EdiFileFormat, type EdiPreset, type MailboxProtocol, type TChannelSettings } from '@omnio/domain';
import { ChannelCallError } from '../channels/connector';
import type { MailboxConfig } from './mailbox/mailbox';

/**
 * A partner's profile as the EDI runs use it: the process's sealed mailbox credentials and its settings, with
 * the preset's conventions (SPS, CommerceHub) where the seller left a field empty.
 */
export interface PartnerProfile {
  preset: EdiPreset;
  format: EdiFileFormat;
  mailbox: MailboxConfig;
  inboundDir: string;
  outboundDir: string;
  archiveDir: string | null;
  us: { qualifier: string; id: string; gs: string };
  partner: { qualifier: string; id: string; gs: string };
  usage: 'P' | 'T';
  ackWindowHours: number;
  gs1Prefix: string | null;
  send855: boolean;
  send810: boolean;
  qtyQualifier: string;
  vendorId: string | null;
  filePrefix: Record<string, string>;
}

export function partnerProfile(settings: TChannelSettings, credentials: Record<string, string>): PartnerProfile {
  const preset = settings.edi_preset ?? 'x12';
  const d = EDI_PRESET_DEFAULTS[preset];
  const protocol: MailboxProtocol = settings.mailbox_protocol ?? d.protocol;
  const need = (v: string | undefined | null, what: string) => {
    if (!v) throw new ChannelCallError(`The partner's ${what} is not set`, null, 'edi_profile_incomplete');
    return v;
  };
  const port = Number(credentials.sftp_port || (protocol === 'sftp' ? 22 : 21));
  const format = settings.file_format ?? 'x12';
  // A CSV partner has no X12 identities; its files never carry an envelope.
  const id = (v: string | undefined | null, what: string) => (format === 'csv' ? (v ?? '') : need(v, what));
  return {
    preset,
    format,
    mailbox: {
      protocol, host: need(credentials.sftp_host, 'mailbox host'), port: Number.isInteger(port) && port > 0 && port < 65536 ? port : 22,
      username: need(credentials.username, 'mailbox user name'), password: credentials.password ?? '',
      hostKeySha256: settings.sftp_host_key ?? null,
    },
    inboundDir: credentials.inbound_dir || d.inbound_dir,
    outboundDir: credentials.outbound_dir || d.outbound_dir,
    archiveDir: settings.archive_dir || null,
    us: { qualifier: id(settings.isa_qualifier, 'ISA qualifier'), id: id(settings.isa_id, 'ISA id'), gs: settings.gs_id || settings.isa_id || '' },
    partner: {
      qualifier: id(settings.partner_isa_qualifier, 'ISA qualifier'), id: id(settings.partner_isa_id, 'ISA id'),
      gs: settings.partner_gs_id || settings.partner_isa_id || '',
    },
    usage: settings.usage_indicator ?? 'P',
    ackWindowHours: settings.ack_window_hours ?? DEFAULT_ACK_WINDOW_HOURS,
    gs1Prefix: settings.gs1_company_prefix ?? null,
    send855: settings.send_855 ?? true,
    send810: settings.send_810 ?? false,
    qtyQualifier: settings.inventory_qty_qualifier ?? '17',
    vendorId: settings.vendor_id ?? null,
    filePrefix: d.file_prefix,
  };
}

/** A unique, sortable file name for a document we send: the preset's prefix, the ISA13, a time stamp. */
export function outboundFileName(profile: PartnerProfile, docType: string, control: string, at: Date, extension = 'edi'): string {
  const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${profile.filePrefix[docType] ?? `${docType}_`}${stamp}_${control.padStart(9, '0')}.${extension}`;
}
