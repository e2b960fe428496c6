// @ts-check
// The browser tests drive Debian's Chromium; they are never skipped. When it is
// missing, install it as root, or stop with the one command that does.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const INSTALL = 'apt-get update && apt-get install -y chromium';

if (!existsSync(chromePath)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${chromePath}; the browser tests need it. Run:\n  sudo sh -c '${INSTALL}'`);
    process.exit(1);
  }
  console.log(`Chromium is missing at ${chromePath}: installing Debian's package (${INSTALL})`);
  const result = spawnSync('sh', ['-c', INSTALL], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0 || !existsSync(chromePath)) {
    console.error(`Installing Chromium failed; run by hand:\n  ${INSTALL}`);
    process.exit(1);
  }
}
