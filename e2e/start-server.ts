import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Starts the real server on a fresh embedded database for each browser test run, so tests never
 * see data left by a previous run or by a developer's own instance.
 */
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'omnio-e2e-'));

// Resolved at run time so the e2e type check does not pull the server's sources in.
const entry = new URL('../apps/server/src/server.ts', import.meta.url).href;
await import(entry);
