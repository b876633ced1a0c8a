import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The server serves the built web app; testing an old or missing build would test the wrong thing. */
export default function globalSetup(): void {
  const index = fileURLToPath(new URL('../apps/web/dist/index.html', import.meta.url));
  if (!existsSync(index)) {
    throw new Error('apps/web/dist is missing: run `npm run build --workspace @omnio/web` first (npm run test:e2e does).');
  }
}
