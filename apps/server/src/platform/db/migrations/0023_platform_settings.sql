-- Platform settings (docs/api-platform-settings.md): the owner's general settings, the custom login page,
-- and the code snippets every signed-in page runs. Platform data, not tenant data: no tenant_id, so no
-- row-level security; only owner routes write them and the public routes answer a fixed subset.
CREATE TABLE platform_settings (
  -- One row per key (general, login, …); the value is typed by packages/domain/src/platform-settings.ts.
  key         text PRIMARY KEY CHECK (length(key) <= 64),
  -- Spec 7 groups settings by title (the gateway reads those titled INTEGRATIONS).
  title       text NOT NULL CHECK (title IN ('GENERAL', 'LOGIN', 'INTEGRATIONS')),
  value       jsonb NOT NULL,
  updated_by  uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX platform_settings_title_idx ON platform_settings (title);

-- Uploaded images of the custom login page, kept apart from the settings row so reading the settings does
-- not drag the bytes along; served by GET /api/custom-login/{kind}.
CREATE TABLE platform_images (
  kind        text PRIMARY KEY CHECK (kind IN ('logo', 'background')),
  mime_type   text NOT NULL CHECK (mime_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
  data        bytea NOT NULL CHECK (octet_length(data) <= 1048576),
  -- Part of the image URL, so browsers may cache an image for good and still see a new one at once.
  version     text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE code_snippets (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  type        text NOT NULL CHECK (type IN ('javascript', 'cdn')),
  -- JavaScript source, or the https URL of a script for cdn.
  body        text NOT NULL CHECK (length(body) BETWEEN 1 AND 100000),
  enabled     boolean NOT NULL DEFAULT true,
  sort        integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 10000),
  created_by  uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- GET /codes-client and the CSP origins read the enabled ones in order on every page load.
CREATE INDEX code_snippets_enabled_idx ON code_snippets (sort, created_at) WHERE enabled;
