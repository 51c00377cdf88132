/**
 * Vitest setup (every test file): a test file owns its database (createTestDatabase). Anything that
 * still reaches for the process-wide default after that database is closed (a flush timer, a
 * delivery wake-up) gets a private in-memory PGlite, never the on-disk `.data/pglite` that
 * `npm run dev` uses: two test processes opening that directory at once would refuse each other
 * (lib/db/pglite-lock.ts). Tests that mean a directory set PGLITE_DIR themselves.
 */
if (!process.env.PGLITE_DIR) process.env.PGLITE_DIR = "memory://";
