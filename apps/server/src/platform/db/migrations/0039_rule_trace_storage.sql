-- Rule traces are written with every imported order (twenty flows: a trace an order) and read one order at a
-- time. Two things made them cost the import more than the flows themselves:
--
-- 1. Each trace named its flows (id and version, 40 bytes a flow): 800 of its 2.5 KB for twenty flows, the same
--    for every order of a batch. The flows that ran, in order, are now a flow set written once (its id is the
--    md5 of its JSON, so writers agree on it without reading it back) and each trace holds only what each flow
--    did; the flows that ran are the set's first as many as the trace has entries. Traces written before keep
--    their ids in the trace and no set.
-- 2. Over PostgreSQL's 2 KB TOAST threshold a trace is compressed, with pglz by default (30 ms of the server's
--    CPU for 1,000 orders). lz4 compresses as small in less time than storing it raw. PGlite is built without
--    lz4: there the column keeps pglz.
CREATE TABLE rule_trace_flow_sets (
  tenant_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id         text NOT NULL,
  flows      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
ALTER TABLE rule_traces ADD COLUMN flow_set text;

DO $$
BEGIN
  ALTER TABLE rule_traces ALTER COLUMN flows SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'lz4 is not available: rule traces stay compressed with pglz';
END $$;
