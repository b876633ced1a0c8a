-- Issue 24, /user-notifications: each company user chooses, per kind of notification, whether it reaches the
-- bell and whether it is e-mailed. A missing row is the default (bell on, e-mail off), so the table holds only
-- what someone changed. Row-level security comes from migrate.ts like every tenant table's.
CREATE TABLE notification_settings (
  tenant_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  user_id    uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind       text NOT NULL,
  bell       boolean NOT NULL,
  email      boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  PRIMARY KEY (tenant_id, user_id, kind)
);
