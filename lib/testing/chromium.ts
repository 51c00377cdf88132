import fs from "node:fs";

/**
 * Browser tests inside `npm test` drive Debian's Chromium (Playwright cannot download browsers here).
 * A machine without it skips them and says why, instead of failing the README's test command.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const hasChromium = fs.existsSync(CHROMIUM_PATH);
if (!hasChromium)
  console.warn(
    `[tests] ${CHROMIUM_PATH} not found: browser tests are skipped (apt-get install chromium, or set CHROMIUM_PATH).`,
  );
