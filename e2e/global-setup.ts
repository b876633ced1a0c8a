import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server serves the built web app (WEB_DIST, else apps/web/dist); testing a missing build would test the wrong thing. */
export default function globalSetup(): void {
  const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : fileURLToPath(new URL('../apps/web/dist', import.meta.url));
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`${dist} has no index.html: run \`npm run build --workspace @omnio/web\` first (npm run test:e2e does).`);
  }
}
