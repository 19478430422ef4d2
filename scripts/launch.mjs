// @ts-check
// What `npm start` and `npm run dev` share: the start banner with the one-time sign-in link, a new
// link on Enter, and how they stop.
import { signInLink } from 'dash3d/server';

/**
 * @param {{ url: string, what: string, media: { sessions: import('dash3d/server').Sessions, removedTempFiles: string[], store: string, sessionStore: string },
 *   options: { root: string, dashboardsRoot: string, token: string }, tokenGenerated: boolean }} o
 */
export function printBanner({ url, what, media, options, tokenGenerated }) {
  const link = () => signInLink(url, media.sessions.newCode());
  console.log(`\n  dash3d: ${what}`);
  console.log(`  ➜  Local:   ${url}/`);
  console.log(`  ➜  Sign in: ${link()}`);
  console.log('             (open this link once; it signs this browser tab in and stops working after that)');
  if (process.stdin.isTTY) console.log('             (press Enter here for another sign-in link)');
  // Where files and sessions are kept (disk or bucket, memory or Redis), never with what credentials.
  console.log(`  ➜  Files:   ${media.store}`);
  console.log(`  ➜  Sessions: ${media.sessionStore}`);
  console.log(
    `  ➜  Token:   ${tokenGenerated ? `${options.token} (generated; for curl and tools, set MEDIA_TOKEN to choose one)` : 'from MEDIA_TOKEN'}`,
  );
  if (media.removedTempFiles.length > 0) {
    console.log(`  ➜  Removed ${media.removedTempFiles.length} unfinished temporary file(s) left by an interrupted upload or save`);
  }
  if (process.stdin.isTTY) {
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', () => console.log(`  ➜  Sign in: ${link()}`));
    // Reading stdin must not keep the process alive on its own once the servers close.
    process.stdin.unref();
  }
}

/**
 * Waits until the built-in files are in the store (the service seeds them in the background while
 * it already answers), so the sign-in link opens a library that holds them; says so when it takes
 * a while (a slow store: the service logs its progress and any failure).
 * @param {{ seeded: Promise<void>, store: string }} media
 */
export async function seededFirst(media) {
  const slow = setTimeout(() => console.log(`  dash3d: writing the built-in files into ${media.store}…`), 2000);
  await media.seeded;
  clearTimeout(slow);
}

/**
 * Ctrl-C or SIGTERM: the servers finish what they are doing and close, then exit 0.
 * @param {() => Promise<unknown>} close
 */
export function stopOnSignals(close) {
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    const ok = await close().then(
      () => true,
      () => false,
    );
    process.exit(ok ? 0 : 1);
  };
  // stop() settles either way (a failed close exits 1), so nothing is left to await.
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  // `npm start` runs us under `sh -c`, and a SIGTERM sent to npm's pid alone reaches neither sh nor
  // us: npm exits and we would keep the port. Under npm, losing the parent therefore means stop.
  if (process.env.npm_lifecycle_event) {
    const parent = process.ppid;
    setInterval(() => process.ppid !== parent && void stop(), 500).unref();
  }
}
