-- Rules and automation flows (spec 1, 3 "Rule flow node", 4 hook points; docs/api-rules.md). A flow is the
-- company's; its nodes are the current version's, and every save of nodes is a row of rule_flow_versions. A
-- deleted flow is kept (status 'deleted') so the traces that name it still read.

CREATE TABLE rule_flows (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  name        text NOT NULL,
  name_key    text GENERATED ALWAYS AS (lower(name)) STORED,
  description text NOT NULL DEFAULT '',
  hook_point  text NOT NULL CHECK (hook_point IN ('before_import_order', 'sync_inventory', 'import_fulfillment', 'before_print_label', 'po_shipment_in_transit', 'po_shipment_complete')),
  status      text NOT NULL DEFAULT 'inactive' CHECK (status IN ('inactive', 'active', 'deleted')),
  priority    integer NOT NULL DEFAULT 100,
  version     integer NOT NULL DEFAULT 1,
  nodes       jsonb NOT NULL,
  -- The order fields its actions write (conflicts between active flows are found from these).
  writes      text[] NOT NULL DEFAULT '{}',
  -- The iLocs its nodes name (an iLoc an active flow names cannot be deleted).
  iloc_ids    uuid[] NOT NULL DEFAULT '{}',
  template_id uuid REFERENCES rule_templates(id) ON DELETE SET NULL,
  created_by  uuid,
  last_run_at timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX rule_flows_name_key ON rule_flows (tenant_id, name_key) WHERE status <> 'deleted';
CREATE INDEX rule_flows_hook_idx ON rule_flows (tenant_id, hook_point, status, priority, created_at);

CREATE TABLE rule_flow_versions (
  tenant_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  flow_id    uuid NOT NULL,
  version    integer NOT NULL,
  name       text NOT NULL,
  nodes      jsonb NOT NULL,
  note       text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, flow_id, version),
  FOREIGN KEY (tenant_id, flow_id) REFERENCES rule_flows (tenant_id, id) ON DELETE CASCADE
);

-- What the flows did to an object at a hook, each time they ran (kept at least 90 days; pruned after 120).
-- Written with every imported order, so as cheap to write as it can be: `flows` is json (kept as sent, never
-- queried inside: PostgreSQL need not build jsonb of every import's traces), read by subject only, and pruned by
-- age through a BRIN index (an append-only table's time order costs almost nothing to index).
CREATE TABLE rule_traces (
  tenant_id    uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id           uuid NOT NULL DEFAULT gen_random_uuid(),
  subject_type text NOT NULL DEFAULT 'order',
  subject_id   uuid NOT NULL,
  hook_point   text NOT NULL,
  trigger      text NOT NULL,
  error        boolean NOT NULL DEFAULT false,
  flows        json NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rule_traces_subject_idx ON rule_traces (tenant_id, subject_id, created_at);
CREATE INDEX rule_traces_age_idx ON rule_traces USING brin (tenant_id, created_at);

CREATE TABLE rule_dry_runs (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  flow_id     uuid NOT NULL,
  -- Null when an unsaved draft was tried (its nodes are kept here).
  version     integer,
  nodes       jsonb NOT NULL,
  days        integer NOT NULL,
  status      text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
  examined    integer NOT NULL DEFAULT 0,
  changed     integer NOT NULL DEFAULT 0,
  unchanged   integer NOT NULL DEFAULT 0,
  failed      integer NOT NULL DEFAULT 0,
  truncated   boolean NOT NULL DEFAULT false,
  error       text,
  duration_ms integer,
  created_by  uuid,
  created_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, flow_id) REFERENCES rule_flows (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX rule_dry_runs_flow_idx ON rule_dry_runs (tenant_id, flow_id, created_at);

CREATE TABLE rule_dry_run_results (
  tenant_id        uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  run_id           uuid NOT NULL,
  seq              integer NOT NULL,
  order_id         uuid NOT NULL,
  number           text NOT NULL,
  order_created_at timestamptz NOT NULL,
  outcome          text NOT NULL CHECK (outcome IN ('changed', 'error')),
  changes          jsonb NOT NULL,
  error            text,
  actual           jsonb NOT NULL,
  PRIMARY KEY (tenant_id, run_id, seq),
  FOREIGN KEY (tenant_id, run_id) REFERENCES rule_dry_runs (tenant_id, id) ON DELETE CASCADE
);
