/// <reference types="vitest/config" />
// Builds the askdb web UI. The output directory comes from ASKDB_WEB_OUT (the CMake target
// `askdb_web` points it into the build tree) so that the source tree stays clean.
import { defineConfig } from 'vite'
import vue from '@vitejs/plugin-vue'
import Components from 'unplugin-vue-components/vite'
import { ElementPlusResolver } from 'unplugin-vue-components/resolvers'

export default defineConfig({
  plugins: [
    vue(),
    // Element Plus components are imported where a template uses them, with their CSS.
    Components({ resolvers: [ElementPlusResolver({ importStyle: 'css' })], dts: false }),
  ],
  define: {
    __VUE_OPTIONS_API__: 'false',
    __VUE_PROD_DEVTOOLS__: 'false',
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    __VUE_I18N_FULL_INSTALL__: 'false',
    __VUE_I18N_LEGACY_API__: 'false',
    __INTLIFY_PROD_DEVTOOLS__: 'false',
    // Messages are compiled by src/lib/messageFormat.ts (see i18n.ts).
    __INTLIFY_DROP_MESSAGE_COMPILER__: 'true',
  },
  build: {
    outDir: process.env.ASKDB_WEB_OUT || 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 1500,
    // The server sets a CSP without inline script; keep every asset a file.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // One stylesheet (20 KB gzip, linked from index.html) instead of one per chunk: on a
    // loaded machine each file costs a request of a few hundred ms, and the browser makes
    // six at a time, so fifteen small stylesheets delayed the question box.
    cssCodeSplit: false,
    rollupOptions: {
      output: {
        // The ECharts chunks are named so (the benchmark and the bundle-size check leave
        // them out of the first screen).
        chunkFileNames(chunk) {
          return chunk.moduleIds.some((m) => /\/node_modules\/(echarts|zrender)\//.test(m)) ? 'assets/echarts-[hash].js' : 'assets/[name]-[hash].js'
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
})
