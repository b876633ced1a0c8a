// The server's layers (docs/ARCHITECTURE.md, Layers): platform never imports a module. The modules' cycle check
// needs the whole import graph, so it is a test: apps/server/src/architecture.test.ts (which checks this too).

const PLATFORM_IMPORTS_NO_MODULE = [
  'error',
  {
    patterns: [
      {
        regex: '^(\\.\\./)+modules/',
        message:
          'Platform never imports a module: take what you need through a hook the composition root installs (apps/server/src/composition.ts).',
      },
    ],
  },
];

export default [
  {
    files: ['apps/server/src/platform/**/*.ts'],
    rules: { 'no-restricted-imports': PLATFORM_IMPORTS_NO_MODULE },
  },
];
