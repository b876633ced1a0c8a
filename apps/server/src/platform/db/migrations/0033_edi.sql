-- EDI trading partners (issue 21): an X12 partner is a process with driver edi-x12. Its document log keeps
-- every interchange in and out with its raw text; control numbers and SSCC serials are persisted so each is
-- strictly increasing and never reused.
ALTER TABLE processes DROP CONSTRAINT processes_driver_check;
ALTER TABLE processes ADD CONSTRAINT processes_driver_check
  CHECK (driver IN ('shopify', 'woocommerce', 'bigcommerce', 'jumpseller', 'cartrover', 'edi-x12', 'amazon', 'ebay', 'custom'));

INSERT INTO services (key, name, category, description) VALUES
  ('edi-x12', 'EDI trading partner (X12)', 'edi', 'A retailer that trades X12 004010 over SFTP or FTP: 850 orders in, 855, 856, 810 and 846 out, 997 both ways.')
ON CONFLICT (key) DO NOTHING;

CREATE TABLE edi_documents (
  tenant_id           uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id                  uuid NOT NULL DEFAULT gen_random_uuid(),
  process_id          uuid NOT NULL,
  direction           text NOT NULL CHECK (direction IN ('in', 'out')),
  doc_type            text NOT NULL CHECK (doc_type IN ('850', '855', '856', '810', '846', '997', '860', 'csv', 'unknown')),
  file_name           text,
  sender_id           text,
  receiver_id         text,
  interchange_control text,
  functional_id       text,
  -- CSV partners: which mapper type made or read the file (ORDER, ASN, INVENTORY).
  mapper_type         text,
  group_control       text,
  set_controls        text[] NOT NULL DEFAULT '{}',
  status              text NOT NULL CHECK (status IN ('received', 'imported', 'partially_imported', 'rejected', 'duplicate', 'acknowledged',
                        'sent', 'accepted', 'accepted_with_errors', 'partially_accepted', 'overdue')),
  ack_status          text CHECK (ack_status IN ('A', 'E', 'P', 'R')),
  ack_document_id     uuid,
  ack_details         jsonb,
  acked_at            timestamptz,
  due_at              timestamptz,
  error               text,
  issues              jsonb NOT NULL DEFAULT '[]'::jsonb,
  order_ids           uuid[] NOT NULL DEFAULT '{}',
  shipment_id         uuid,
  counts              jsonb NOT NULL DEFAULT '{}'::jsonb,
  size                integer NOT NULL DEFAULT 0,
  raw                 text NOT NULL,
  run_id              uuid,
  -- Recorded in the transaction that used its control numbers; put in the mailbox after it (an outbox).
  delivered_at        timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, process_id) REFERENCES processes (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX edi_documents_log_idx ON edi_documents (tenant_id, process_id, created_at DESC, id);
-- An interchange taken once per partner: a second file with the same ISA13 from the same sender is a duplicate.
-- One row per group of it (a partner may send its 997s and new POs in one interchange).
CREATE UNIQUE INDEX edi_documents_inbound_key ON edi_documents (tenant_id, process_id, sender_id, interchange_control, coalesce(group_control, ''))
  WHERE direction = 'in' AND status NOT IN ('rejected', 'duplicate');
-- Our ISA13 is never used twice with a partner.
CREATE UNIQUE INDEX edi_documents_outbound_key ON edi_documents (tenant_id, process_id, interchange_control) WHERE direction = 'out';
-- 997 reconciliation finds the group it answers by GS01 + GS06.
CREATE INDEX edi_documents_group_idx ON edi_documents (tenant_id, process_id, functional_id, group_control) WHERE direction = 'out';
CREATE INDEX edi_documents_outbox_idx ON edi_documents (tenant_id, process_id, created_at) WHERE direction = 'out' AND delivered_at IS NULL;
CREATE INDEX edi_documents_due_idx ON edi_documents (tenant_id, due_at) WHERE status = 'sent';
CREATE INDEX edi_documents_shipment_idx ON edi_documents (tenant_id, shipment_id) WHERE shipment_id IS NOT NULL;

-- The last ISA13, GS06 and ST02 used with each partner: raised in the transaction that records the document.
CREATE TABLE edi_control_numbers (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  process_id  uuid NOT NULL,
  interchange bigint NOT NULL DEFAULT 0 CHECK (interchange BETWEEN 0 AND 999999999),
  grp         bigint NOT NULL DEFAULT 0 CHECK (grp BETWEEN 0 AND 999999999),
  txn         bigint NOT NULL DEFAULT 0 CHECK (txn BETWEEN 0 AND 999999999),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, process_id),
  FOREIGN KEY (tenant_id, process_id) REFERENCES processes (tenant_id, id) ON DELETE CASCADE
);

-- The SSCC-18 of each carton shipped under a GS1 company prefix: serials only go up, and a code is never
-- given to a second carton.
CREATE TABLE sscc_serials (
  tenant_id      uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  company_prefix text NOT NULL,
  last_serial    bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, company_prefix)
);
CREATE TABLE shipment_box_ssccs (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  box_id      uuid NOT NULL,
  shipment_id uuid NOT NULL,
  sscc        text NOT NULL CHECK (sscc ~ '^[0-9]{18}$'),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, box_id),
  UNIQUE (tenant_id, sscc),
  FOREIGN KEY (tenant_id, box_id) REFERENCES shipment_boxes (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX shipment_box_ssccs_shipment_idx ON shipment_box_ssccs (tenant_id, shipment_id);
