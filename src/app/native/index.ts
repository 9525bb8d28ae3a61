import { Capacitor } from '@capacitor/core';
import { App } from '@capacitor/app';
import { StatusBar, Style } from '@capacitor/status-bar';
import { createBackButtonRule, type BackAction } from './backButton';

export { createBackButtonRule, EXIT_WINDOW_MS, type BackAction } from './backButton';

export interface NativeOptions {
  /** Whether the router has history to go back to (defaults to the WebView's own answer). */
  canGoBack?: () => boolean;
  /** Go back one entry (defaults to history.back()). */
  goBack?: () => void;
  /** Show a 2 s toast. */
  toast: (text: string) => void;
  /** "もう一度押すと終了します", translated; a function is read at press time (language may change). */
  exitToastText: string | (() => string);
  /** Clock for the double-press rule (tests). */
  now?: () => number;
}

/** Dark status-bar text on a white bar that does not overlay the page (docs/product.md "Screens and layout"). */
export async function configureStatusBar(): Promise<void> {
  // Each call may be unsupported (Android 15+ enforces edge-to-edge; iOS has no background colour):
  // one failing must not stop the others.
  await Promise.allSettled([
    StatusBar.setOverlaysWebView({ overlay: false }),
    StatusBar.setBackgroundColor({ color: '#ffffff' }),
    StatusBar.setStyle({ style: Style.Light }), // Style.Light = dark text for light backgrounds
  ]);
}

/**
 * Set up the Capacitor shell: status bar and hardware back button. In a plain browser
 * (Capacitor.isNativePlatform() false) it does nothing. Resolves to a cleanup function.
 */
export async function initNative(options: NativeOptions): Promise<() => void> {
  if (!Capacitor.isNativePlatform()) return () => {};
  await configureStatusBar();
  const decide = createBackButtonRule(options.now);
  const act = (action: BackAction) => {
    switch (action) {
      case 'back':
        (options.goBack ?? (() => history.back()))();
        break;
      case 'toast':
        options.toast(typeof options.exitToastText === 'function' ? options.exitToastText() : options.exitToastText);
        break;
      case 'exit':
        void App.exitApp();
        break;
    }
  };
  const handle = await App.addListener('backButton', (event) => {
    act(decide(options.canGoBack ? options.canGoBack() : event.canGoBack));
  });
  return () => {
    void handle.remove();
  };
}
