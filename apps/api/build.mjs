// Bundles the API into dist/server.js. The domain package (TypeScript) is bundled in, and so are the
// few pure ES-module dependencies whose many files would otherwise be found and read one by one as
// the server starts; every other npm dependency stays external and is loaded from
// node_modules at run time (native code, WebAssembly, data files read beside their code, CommonJS).
import { build } from 'esbuild';

/**
 * Bundled dependencies: ES modules that read no file of their own at run time and that no external
 * package imports (zod and its Fastify provider go in together, so both see one zod).
 */
const bundled = new Set(['date-fns', '@date-fns/tz', 'kysely', 'zod', 'fastify-type-provider-zod']);

function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'bundle-domain',
      setup(b) {
        b.onResolve({ filter: /^@krowd\/domain\// }, (args) => ({
          path: new URL(
            `../../packages/domain/src/${args.path.slice('@krowd/domain/'.length)}.ts`,
            import.meta.url,
          ).pathname,
        }));
      },
    },
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          bundled.has(packageOf(args.path)) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
