/* Line icons of the market and watchlist screens (24×24 path data for components/Icon). Apart from icons.ts,
   so that each stays small enough to be copied into the chunks that use it (vite.config.ts, codeSplitting). */
export const star = 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z';
export const up = 'M12 19V5M6 11l6-6 6 6';
export const down = 'M12 5v14M6 13l6 6 6-6';
export const trash = 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6';
export const edit = 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4';
export const search = 'M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4';
export const close = 'M6 6l12 12M18 6L6 18';
export const palette = 'M12 3a9 9 0 000 18c1.2 0 1.8-.9 1.5-1.9-.4-1.2.4-2.1 1.6-2.1H18a3 3 0 003-3c0-6-4-11-9-11zM7.5 12h.01M9.5 8h.01M14.5 8h.01';
export const chart = 'M4 19V5M4 19h16M7 15l3-4 3 2 4-6';
export const plus = 'M12 5v14M5 12h14';
