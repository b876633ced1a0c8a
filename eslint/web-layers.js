// The web app's layers (docs/ARCHITECTURE.md, Layers): app/ composes shared/ and the features; a feature imports
// shared/ only, never app/ nor another feature; shared/ imports neither. What two features need lives in shared/;
// a screen made of two features is put together in app/composed. The feature list is read from the folders at
// config load, so a new feature is covered without touching this file.
import { readdirSync } from 'node:fs';

const SRC = 'apps/web/src';
const FEATURES = readdirSync(new URL(`../${SRC}/features/`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const FILES = '**/*.{ts,tsx}';
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Relative specifiers only (the web app has no path aliases). `/` is written \x2F so that the same source also
// works inside an esquery /regex/ literal, which ends at the first slash.
const climbingTo = (names) => `^(\\.\\.\\x2F)+(${names.map(escape).join('|')})(\\x2F|$)`;

/** no-restricted-imports covers static imports and re-exports; no-restricted-syntax adds lazy import(). */
function restrict(rules) {
  return {
    'no-restricted-imports': ['error', { patterns: rules.map(({ regex, message }) => ({ regex, message })) }],
    'no-restricted-syntax': [
      'error',
      ...rules.map(({ regex, message }) => ({ selector: `ImportExpression[source.value=/${regex}/]`, message })),
    ],
  };
}

const NO_APP = {
  regex: climbingTo(['app', 'features']),
  message: 'A feature never imports app/ (nor reaches into features/ from above): what it needs from the shell lives in shared/.',
};

const featureLayers = FEATURES.map((feature) => {
  const others = FEATURES.filter((name) => name !== feature);
  const rules = [NO_APP];
  if (others.length > 0) {
    rules.push({
      regex: climbingTo(others),
      message: `features/${feature} may not import another feature: move what both need to shared/, or take the other feature's panel as a prop and compose the screen in app/composed.`,
    });
  }
  return { files: [`${SRC}/features/${feature}/${FILES}`], rules: restrict(rules) };
});

export default [
  ...featureLayers,
  {
    files: [`${SRC}/shared/${FILES}`],
    rules: restrict([
      {
        regex: climbingTo(['app', 'features']),
        message: 'shared/ never imports app/ or a feature: features and app/ depend on shared/, not the other way round.',
      },
    ]),
  },
];
