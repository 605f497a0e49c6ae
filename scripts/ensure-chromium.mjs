// The browser tests use Debian's Chromium (a download by Playwright cannot work offline).
import { existsSync } from 'node:fs';
import { log, run } from './lib.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    log('Installing Chromium (apt-get install chromium)');
    await run('apt-get', ['update', '-qq']);
    const code = await run('apt-get', ['install', '-y', '-qq', 'chromium'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (code === 0 && existsSync(CHROMIUM)) return;
  }
  process.stderr.write(
    `\nChromium is needed for the end-to-end tests and was not found at ${CHROMIUM}.\n` +
      'Install it with: sudo apt-get install chromium   (or set CHROMIUM_PATH to a Chromium or Chrome binary)\n\n',
  );
  process.exit(1);
}
