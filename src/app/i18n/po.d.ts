declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** Only the first screen's messages (scripts/vite-boot-catalog.ts). */
declare module '*.po?boot' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
