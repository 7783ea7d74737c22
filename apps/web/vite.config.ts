import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each built script and stylesheet, compressed
 * once at their best levels, which the server sends to browsers that accept them.
 * index.html is left out: the server fills in its nonce per request.
 */
function precompressedAssets(): Plugin {
  return {
    name: 'krowd-precompressed-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const output of Object.values(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(output.fileName)) continue;
        const bytes = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        if (bytes.length < 1024) continue;
        const file = join(options.dir!, output.fileName);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The file, image and number inputs with their libraries: only the forms that upload images or take
 * amounts use them, so they stay with those pages, not in the chunks every page loads.
 */
const fileAndNumberInputs =
  /node_modules[\\/](react-number-format|react-dropzone|file-selector|react-easy-crop|normalize-wheel)[\\/]|src[\\/](components[\\/]ui[\\/](image-|number-field)|lib[\\/]image-files)/;

// `npm run dev` in apps/web serves the app with hot reload and sends /api to the API on :3000.
export default defineConfig({
  plugins: [react(), precompressedAssets()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The one chunk past 1500 kB is the password checks' word lists (1.66 MB, lib/password-checks.ts), loaded only
    // by the forms that set a password.
    chunkSizeWarningLimit: 1700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically is one chunk: /login loads one script instead
            // of twenty small shared ones, each with a round of headers, and it compresses better whole.
            { name: 'initial', tags: ['$initial'] },
            // The lazy pages' shared code in a few layered chunks (libraries, then the domain, then
            // the shared UI; none imports a later one, so they cannot form a cycle) instead of sixty
            // small ones: a mobile browser fetches six at a time, a round trip each.
            // Chart.js stays apart, loaded only where figures are drawn.
            { name: 'charts', test: /node_modules[\\/](chart\.js|react-chartjs-2|@kurkle)[\\/]/ },
            {
              name: 'vendor',
              test: (id) => /node_modules[\\/]/.test(id) && !fileAndNumberInputs.test(id),
              minShareCount: 4,
            },
            { name: 'domain', test: /packages[\\/]domain[\\/]/, minShareCount: 2 },
            {
              name: 'ui',
              test: (id) =>
                /apps[\\/]web[\\/]src[\\/](components[\\/]ui|lib)[\\/]/.test(id) &&
                !fileAndNumberInputs.test(id),
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
});
