import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The hybrid shell (docs/decisions/001-stack-and-layout.md): the built PWA in `dist/` inside a native WebView.
 * Status bar: dark text on white, not overlaying the page (also set at run time by
 * src/app/native, since some platforms ignore these defaults).
 */
const config: CapacitorConfig = {
  appId: 'jp.kabuto.app',
  appName: 'Kabuto',
  webDir: 'dist',
  plugins: {
    StatusBar: {
      overlaysWebView: false,
      style: 'LIGHT',
      backgroundColor: '#ffffff',
    },
  },
};

export default config;
