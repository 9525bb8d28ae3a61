import { createHash } from 'node:crypto';

/** The app's entry script: a stable name (vite.config.ts entryFileNames), loaded by SHELL_SCRIPT. */
export const APP_ENTRY = '/app.js';
/** The `<template>` holding the entry's modulepreload links, put into the head by SHELL_SCRIPT. */
export const PRELOAD_TEMPLATE_ID = 'kabuto-preload';
/** The `<template>` holding the app's and the Query layer's modulepreload links: added for every start but the splash's. */
export const APP_PRELOAD_TEMPLATE_ID = 'kabuto-preload-app';

/**
 * The one inline script of index.html (docs/decisions/020-first-load-and-prerender.md): before the
 * first paint of the prerendered shell it sets `<html lang>` from the stored language (so the
 * shell's text and fonts are the user's language), `data-theme` and the theme-color meta from the
 * stored display theme (src/app/theme.ts: a dark start paints dark at once), and marks a start at another screen than the
 * splash: `data-shell="market"` at the market list (the shell shows the list's top bar and note
 * instead of the splash), `"other"` elsewhere (the shell shows only the logo); then, once the
 * browser reports the first contentful paint (a `paint` PerformanceObserver; the next frame where
 * there is none), it adds the entry's modulepreload links (kept inert in a
 * `<template>` until then) and the app's entry script, and for every start but the splash's, in the
 * next tasks, two per task, the links of the app and the Query layer, which such a start loads at
 * once (each link starts a request on the main thread: short tasks instead of one long one, about
 * 17 ms for nine links in Lighthouse's unthrottled trace); no JavaScript is
 * fetched or run before the shell is on screen. The build (scripts/prerender-shell.ts) writes this text into index.html;
 * the policy below allows exactly it by its hash.
 */
export const SHELL_SCRIPT =
  "(function(){var d=document.documentElement;try{var l={jp:'ja',en:'en',tw:'zh-Hant',ko:'ko'}[localStorage.getItem('language')];if(l)d.lang=l;" +
  "var h=location.hash.replace(/^#/,'').split('?')[0];if(h&&h!=='/'&&h!=='/login/start')d.setAttribute('data-shell',h==='/market/index'?'market':'other');" +
  // The theme chosen on this device (src/app/theme.ts THEME_KEY, JSON) and the browser bar's colour (THEME_COLOR).
  "var m=localStorage.getItem('kabuto.theme');m=m==='\"dark\"'?'dark':m==='\"light\"'?'light':'';if(m)d.setAttribute('data-theme',m);" +
  "var k=m?m==='dark':!!window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches,c=document.querySelector('meta[name=theme-color]');if(c)c.setAttribute('content',k?'#17191d':'#ffffff')}catch(e){}" +
  // add(id, n): the template's links, n per task (each link starts a request on the main thread).
  "var done=0;function add(id,n){var t=document.getElementById(id);if(!t)return;var l=[].slice.call(t.content.cloneNode(true).childNodes);" +
  "(function step(){for(var i=0;i<n&&l.length;i++)document.head.appendChild(l.shift());if(l.length)setTimeout(step,0)})()}" +
  "function go(){if(done)return;done=1;add('" +
  PRELOAD_TEMPLATE_ID +
  "',1e3);var s=document.createElement('script');s.type='module';s.crossOrigin='anonymous';s.src='" +
  APP_ENTRY +
  "';document.head.appendChild(s);" +
  // The app's links after the entry's task, two per task, as the preload helper adds a lazy chunk's.
  "if(d.hasAttribute('data-shell'))setTimeout(function(){add('" +
  APP_PRELOAD_TEMPLATE_ID +
  "',2)},0)}" +
  // Once the first contentful paint is reported (its entry comes after the frame is presented), or
  // after the next frame where paint timing is missing; a hidden tab paints nothing, hence the timer.
  "var po=0;try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')>=0){po=new PerformanceObserver(function(l){" +
  "if(l.getEntriesByName('first-contentful-paint').length){po.disconnect();go()}});po.observe({type:'paint',buffered:true})}}catch(e){po=0}" +
  "if(!po&&window.requestAnimationFrame)requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,500)})()";

export const SHELL_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}'`;

/**
 * The Content-Security-Policy of every response (docs/architecture.md, "A request"): only our own
 * origin for scripts (and the shell's one inline script, by hash — never 'unsafe-inline' for
 * scripts), connections, workers and the manifest; inline styles stay allowed for the chart
 * engine's computed positions and the shell's inlined stylesheet; nothing may frame the app.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", SHELL_SCRIPT_HASH],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
};
