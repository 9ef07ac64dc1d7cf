/**
 * `npm run serve`, `npm run reindex`, `npm run check-chain`: runs the built server entry
 * (apps/server/dist/<name>.js, made by `npm run build`) with the rest of the arguments. Before a build, or with a
 * build missing a dependency, it refuses in one line instead of Node's stack trace.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [name = '', ...rest] = process.argv.slice(2);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps', 'server', 'dist', `${name}.js`);
const shown = path.relative(process.cwd(), entry) || entry;

if (!/^[a-z][a-z-]*$/.test(name)) {
  console.error(`refused: no server command named "${name}"`);
  process.exit(1);
}
if (!existsSync(entry)) {
  console.error(`refused: ${shown} is missing: run \`npm run build\` first`);
  process.exit(1);
}
process.argv = [process.argv[0], entry, ...rest];
try {
  await import(pathToFileURL(entry).href);
} catch (err) {
  const missing = err?.code === 'ERR_MODULE_NOT_FOUND' || err?.code === 'MODULE_NOT_FOUND';
  const line = String(err?.message ?? err).split('\n')[0];
  console.error(
    missing
      ? `refused: the build is incomplete (${line}): run \`npm install && npm run build\` first`
      : `failed to start: ${line}`,
  );
  process.exit(1);
}
