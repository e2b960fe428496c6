// @ts-check
// The browser tests drive Debian's Chromium; they are never skipped. When it is
// missing, install it as root, or stop with the one command that does.
import { ensureDebianPrograms } from '../../deploy/lib/debian-packages.js';

try {
  ensureDebianPrograms(
    [{ name: 'Chromium', path: process.env.CHROME_PATH || '/usr/bin/chromium', package: 'chromium' }],
    'the browser tests',
  );
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
