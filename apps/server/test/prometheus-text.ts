/** One sample of a Prometheus text scrape. */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** Parses the text format's sample lines; comments and blank lines are skipped. */
export function parseMetrics(text: string): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const line of text.split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = JSON.parse(`"${value}"`);
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples of a metric whose labels include all of `labels`. */
export function samplesOf(samples: MetricSample[], name: string, labels: Record<string, string> = {}) {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}

/** The sum of the matching samples' values, 0 when there is none (a counter not yet touched). */
export function sumOf(samples: MetricSample[], name: string, labels: Record<string, string> = {}): number {
  return samplesOf(samples, name, labels).reduce((total, s) => total + s.value, 0);
}

/** The one matching sample's value; undefined when the metric is absent. */
export function valueOf(samples: MetricSample[], name: string, labels: Record<string, string> = {}) {
  const found = samplesOf(samples, name, labels);
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** Scrapes a listening server's metrics over HTTP; the status, and the samples when it answered 200. */
export async function scrape(baseUrl: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}/api/metrics`, { headers, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get('content-type'), text, samples: parseMetrics(text) };
}
