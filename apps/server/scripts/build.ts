/**
 * `npm run build -w @att/server`: the production server as JavaScript in dist/ (`serve.js`, `reindex.js`, with
 * source maps), so `npm run serve` needs no TypeScript at run time. esbuild bundles our own code and the workspace
 * packages it imports (@att/shared, @att/contracts ship TypeScript); every npm dependency stays an import resolved
 * from node_modules at run time (native and WASM packages: sharp, PGlite). Each entry is one self-contained file
(no shared chunks), so a file's own location tells where the app is.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist');

/** npm packages stay imports; workspace packages (TypeScript sources) are bundled. */
const dependenciesExternal: Plugin = {
  name: 'dependencies-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@att/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
const t0 = Date.now();
const result = await build({
  entryPoints: { serve: path.join(root, 'src/serve.ts'), reindex: path.join(root, 'src/reindex.ts') },
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  outExtension: { '.js': '.js' },
  plugins: [dependenciesExternal],
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(
  `server built in ${Date.now() - t0} ms: ${path.relative(process.cwd(), outdir)}/serve.js, reindex.js (${(bytes / 1e6).toFixed(1)} MB with maps)`,
);
