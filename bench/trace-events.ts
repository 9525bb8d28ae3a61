/**
 * A Chrome trace event as the diagnostics read them (bench/long-tasks.ts from a CDP trace,
 * bench/lighthouse-tasks.ts from Lighthouse's): only the fields they use.
 */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { functionName?: string; url?: string; isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}
