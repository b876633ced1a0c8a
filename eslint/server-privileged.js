// Issue 19: the ways out of one tenant's row-level security live in apps/server/src/platform/db/privileged.ts.
// Elsewhere in the server, code may not set the `app.*` settings the policies read: a `set_config('app.…')`
// or `SET [LOCAL] app.…` in a string or SQL template, or a string that is one of those setting names (as a
// key of runTransaction's settings). A local rule rather than no-restricted-syntax, so that another config
// block setting no-restricted-syntax for the same files does not silently replace this one.

const SET_CONFIG = /set_config\(\s*['"]app\.|\bset\s+(local\s+)?app\./i;
// The settings the migrations' policies and triggers read (tenant_isolation, platform_read, job_worker,
// webhook_dispatcher, inbound_gateway, the activity triggers).
const SETTING = /^app\.(tenant_id|user_id|impersonator_id|ip|platform_read|job_worker|webhook_dispatcher|inbound_gateway)$/;

const MESSAGE =
  'Row-level-security settings are set only in platform/db/privileged.ts (or by withTenant): use withTenant, ' +
  'or the named entry point in privileged.ts (withPlatformRead, withJobWorker, enterTenant, ...).';

const noRlsSettings = {
  meta: { type: 'problem', docs: { description: 'Keeps every row-level-security escape in platform/db/privileged.ts' }, schema: [] },
  create(context) {
    const check = (node, text) => {
      if (typeof text === 'string' && (SET_CONFIG.test(text) || SETTING.test(text))) context.report({ node, message: MESSAGE });
    };
    return {
      Literal: (node) => check(node, node.value),
      TemplateElement: (node) => check(node, node.value.cooked ?? node.value.raw),
    };
  },
};

export default [
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/platform/db/privileged.ts',
      // withTenant and the transaction runner that sends its settings with BEGIN.
      'apps/server/src/platform/db/tenant.ts',
      'apps/server/src/platform/db/transaction.ts',
      // Tests set up and inspect tenants directly.
      '**/*.test.ts',
      'apps/server/src/test/**',
    ],
    plugins: { 'omnio-privileged': { rules: { 'no-rls-settings': noRlsSettings } } },
    rules: { 'omnio-privileged/no-rls-settings': 'error' },
  },
];
