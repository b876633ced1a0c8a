-- Demand forecasting and replenishment (issue 23, docs/api-forecasting.md): a run is a job over a set of
-- SKUs (picked, or a category's); each SKU's result keeps what the screen shows — method, accuracy, the
-- suggestion — and the series behind its chart, as of the run, so a result never changes under its reader.
-- Row-level security comes from migrate.ts like every tenant table's.

-- Suppliers sell some SKUs only in whole packs (a case of 12): the suggestion is rounded up to them.
ALTER TABLE supplier_skus ADD COLUMN pack_size integer CHECK (pack_size IS NULL OR pack_size > 0);

CREATE TABLE forecast_runs (
  tenant_id      uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id             uuid NOT NULL DEFAULT gen_random_uuid(),
  status         text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  -- Exactly one of the two says what was asked; the SKUs actually forecast are the run's results.
  sku_ids        uuid[],
  category_id    uuid,
  horizon_weeks  integer NOT NULL CHECK (horizon_weeks BETWEEN 1 AND 26),
  service_level  double precision NOT NULL CHECK (service_level >= 0.5 AND service_level <= 0.999),
  peaks          text NOT NULL CHECK (peaks IN ('ignore', 'exclude', 'apply')),
  iloc_id        uuid,
  progress_done  integer NOT NULL DEFAULT 0,
  progress_total integer NOT NULL DEFAULT 0,
  -- The last day of history (UTC): the forecast starts the day after.
  history_to     date,
  summary        jsonb,
  error          text,
  duration_ms    integer,
  created_by     uuid,
  created_at     timestamptz NOT NULL DEFAULT now(),
  finished_at    timestamptz,
  PRIMARY KEY (tenant_id, id),
  CHECK ((sku_ids IS NULL) <> (category_id IS NULL))
);
-- GET /forecasts: newest first.
CREATE INDEX forecast_runs_created_idx ON forecast_runs (tenant_id, created_at DESC, id DESC);

CREATE TABLE forecast_results (
  tenant_id          uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  run_id             uuid NOT NULL,
  -- No foreign key to skus: a result outlives a SKU deleted later, and keeps its code and name.
  sku_id             uuid NOT NULL,
  sku                text NOT NULL,
  sku_key            text NOT NULL,
  name               text NOT NULL,
  iloc_id            uuid,
  demand_class       text NOT NULL,
  method             text NOT NULL,
  accuracy           jsonb,
  censored_days      integer NOT NULL DEFAULT 0,
  peaks              jsonb NOT NULL DEFAULT '[]'::jsonb,
  forecast_total     double precision NOT NULL,
  on_hand            integer NOT NULL DEFAULT 0,
  on_order           integer NOT NULL DEFAULT 0,
  lead_time_days     integer,
  safety_stock       double precision NOT NULL DEFAULT 0,
  reorder_point      double precision NOT NULL DEFAULT 0,
  suggested_quantity integer NOT NULL DEFAULT 0,
  supplier_id        uuid,
  supplier_name      text,
  note               text,
  -- The chart, as comma-separated numbers (written and read whole, never queried inside): the last days of
  -- history from history_from, '1'/'0' per day for in stock, and the daily forecast from the run's history_to + 1.
  history_from       date NOT NULL,
  history_units      text NOT NULL,
  history_returns    text NOT NULL,
  history_in_stock   text NOT NULL,
  forecast_units     text NOT NULL,
  forecast_low       text NOT NULL,
  forecast_high      text NOT NULL,
  PRIMARY KEY (tenant_id, run_id, sku_id),
  FOREIGN KEY (tenant_id, run_id) REFERENCES forecast_runs (tenant_id, id) ON DELETE CASCADE
);
-- The suggestion table: most to order first.
CREATE INDEX forecast_results_suggested_idx ON forecast_results (tenant_id, run_id, suggested_quantity DESC, sku_key);

-- Backordered units per SKU for the stock position of a forecast (few lines are backordered at any time).
CREATE INDEX order_lines_backordered_idx ON order_lines (tenant_id, sku_id) WHERE qty_backordered > 0;
