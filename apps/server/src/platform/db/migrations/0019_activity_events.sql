-- The activity log covers the events platform's own tables too (their migrations ran after 0016). Columns
-- the machinery itself keeps moving (delivery bookkeeping, schedule runs, token use) are ignored, or every
-- delivery and tick would write an entry.
SELECT activity_track('webhook_subscriptions', 'webhook', $$r.address || ' (' || r.topic || ')'$$, ignore => '{consecutive_failures,last_delivery_at}');
SELECT activity_track('processes', 'process', 'r.name');
SELECT activity_track('job_schedules', 'schedule', 'r.name', ignore => '{next_run_at,last_run_at,last_job_id}');
SELECT activity_track('oauth_access_tokens', 'access_token', 'coalesce(r.name, r.token_hint)', 'id', 'company_id', ignore => '{last_used_at}', row_filter => $$r.kind = 'personal'$$);
