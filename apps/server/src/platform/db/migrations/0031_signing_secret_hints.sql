-- Webhook signing secrets are sealed at rest from now on (APP_KEY, like connection passwords): the list's
-- "…abcd" hint can no longer be cut from the stored value, so it is kept beside it. The values themselves are
-- sealed by the first process that starts on this version (platform/crypto/sealed-columns.ts): sealing needs
-- the key, which SQL does not have. Readers accept both forms meanwhile.
ALTER TABLE webhook_subscriptions ADD COLUMN secret_hint text;
UPDATE webhook_subscriptions SET secret_hint = right(secret, 4);
ALTER TABLE webhook_subscriptions ALTER COLUMN secret_hint SET NOT NULL;
