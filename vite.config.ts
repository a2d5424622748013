import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { calculatorForms } from './scripts/vite/calculator-forms.ts';
import { jsonFields } from './scripts/vite/json-fields.ts';
import { laterChunks } from './scripts/vite/later-chunks.ts';
import { recordValidators } from './scripts/vite/record-validators.ts';
import { surveyForms } from './scripts/vite/survey-forms.ts';
import { plainTextMarkdownAlias } from './scripts/vite/plain-text-markdown.ts';
import { precompress } from './scripts/vite/precompress.ts';
import { sourceMapsOutside } from './scripts/vite/source-maps.ts';
import { themes } from './scripts/vite/themes.ts';

const apiPort = process.env.API_PORT ?? '8081';

/** React, React DOM and React Router: the floor of every page's first load (about 79 KB gzip). */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/;

// What the login page's first load leaves out but a visit soon needs (its comment says how).
const later = laterChunks({
  signedIn: ['src/app/SignedInShell.tsx', 'src/screens/signed-in-pages.ts'],
  screenPages: 'src/screens/signed-in-pages.ts',
  // Where a login lands (config/app.json paths.home).
  home: 'src/screens/dashboard/DashboardScreen.tsx',
  publicPages: 'src/screens/index.ts',
  login: 'src/screens/login/LoginScreen.tsx',
  later: [
    'src/screens/dashboard/DashboardScreen.tsx',
    'src/core/security/sanitize.ts',
    'src/ui/alerts/AlertsArea.tsx',
    'src/ui/dialogs/DialogHost.tsx',
    'src/ui/print/PrintHeader.tsx',
  ],
});

export default defineConfig({
  plugins: [
    react(),
    jsonFields(),
    recordValidators(new URL('./config/records', import.meta.url).pathname),
    calculatorForms(
      new URL('./config/calculators/ui', import.meta.url).pathname,
      new URL('./schemas/calculators/inputs', import.meta.url).pathname,
    ),
    surveyForms(new URL('./config/surveys', import.meta.url).pathname),
    surveyForms(
      new URL('./config/assessments', import.meta.url).pathname,
      'virtual:assessment-forms',
    ),
    themes(new URL('./themes', import.meta.url).pathname),
    later,
    sourceMapsOutside(new URL('./dist-sourcemaps', import.meta.url).pathname),
    VitePWA({
      // Registration is ours (src/core/pwa.ts): production only, once the app is idle or after 30 s.
      injectRegister: false,
      registerType: 'prompt',
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'FarmData Portal',
        short_name: 'FarmData',
        description: 'Farm records, metrics, reports and tools.',
        theme_color: '#1f6f43',
        background_color: '#f4f6f4',
        display: 'standalone',
        start_url: '/',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        // Its own code is Workbox's; no map of it is worth shipping or keeping.
        sourcemap: false,
        globPatterns: ['**/*.{js,css,html,svg}'],
        // Only the active brand's theme (and any font it embeds) is fetched, and then cached;
        // installing the worker must not download the other forty-odd themes.
        globIgnores: ['**/theme-*.js'],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => /\/assets\/(theme-[^/]+\.js|[^/]+\.woff2)$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'themes', expiration: { maxEntries: 20 } },
          },
        ],
        navigateFallback: '/index.html',
        // The API is never answered from the cache, and its 404s are never the SPA.
        navigateFallbackDenylist: [/^\/api(\/|$)/],
      },
    }),
    // Last: every file of the build, the service worker's included, is written by then.
    precompress(),
  ],
  resolve: { alias: [plainTextMarkdownAlias] },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    // dist/.vite/manifest.json: each chunk's imports, which bench:bundle walks to size a route.
    manifest: true,
    // Browsers preload modules themselves since Safari 17 and Firefox 115; older ones fetch a
    // chunk's imports as they meet them, as they would anyway. Not worth 0.3 KB of every first load.
    modulePreload: { polyfill: false },
    // Maps for decoding error reports, kept out of what is served (scripts/vite/source-maps.ts).
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs before anything else, in two chunks instead of some thirty small
          // ones: compressed together they are about 9 KB smaller. The framework on its own, so
          // that it stays cached from one release to the next; the portal's own first load beside.
          groups: [
            { name: 'react', test: FRAMEWORK, tags: ['$initial'], priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
            // What a signed-in page loads before its screen, in two chunks (later-chunks.ts).
            ...later.signedInGroups(),
          ],
        },
      },
    },
  },
});
