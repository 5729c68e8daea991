import { Registry, collectDefaultMetrics } from 'prom-client';

let runtime: Registry | undefined;

/**
 * Node's own metrics: event-loop lag, heap, garbage collection, CPU, open files. They describe
 * the process, and collecting them starts an event-loop monitor and a GC observer that nothing
 * can stop, so the process has one set, in a registry of its own, whichever of its apps (tests
 * build many) is scraped.
 */
export function runtimeRegistry(): Registry {
  if (!runtime) {
    runtime = new Registry();
    collectDefaultMetrics({ register: runtime });
  }
  return runtime;
}
