-- Background jobs (API.md "Long work"): a request answers 202 with the job id, the worker loop claims due
-- jobs with FOR UPDATE SKIP LOCKED, GET /jobs/{id} tells the progress. Scheduled work (an order's
-- hold-until) is a job with a future run_at.
CREATE TABLE jobs (
  tenant_id    uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id           uuid NOT NULL DEFAULT gen_random_uuid(),
  kind         text NOT NULL,
  status       text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'RUNNING', 'COMPLETED', 'FAILED')),
  payload      jsonb NOT NULL DEFAULT '{}'::jsonb,
  result       jsonb,
  error        text,
  progress     integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  attempts     integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 3,
  user_id      uuid,
  dedupe_key   text,
  run_at       timestamptz NOT NULL DEFAULT now(),
  created_at   timestamptz NOT NULL DEFAULT now(),
  started_at   timestamptz,
  finished_at  timestamptz,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'PENDING';
CREATE UNIQUE INDEX jobs_dedupe_key ON jobs (tenant_id, kind, dedupe_key) WHERE status = 'PENDING' AND dedupe_key IS NOT NULL;
-- The worker claims due jobs of every tenant: a second, permissive policy opens the queue to a
-- transaction that declared itself the worker (platform/jobs). Each job then runs inside withTenant.
CREATE POLICY job_worker ON jobs USING (current_setting('app.job_worker', true) = 'on') WITH CHECK (current_setting('app.job_worker', true) = 'on');
