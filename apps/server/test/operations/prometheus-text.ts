// Reads Prometheus's text exposition format (what /metrics answers) into samples, so tests can assert
// exact values. Enough of the format for prom-client's output: `# HELP`/`# TYPE` lines, then
// `name{label="value",…} number` lines (label values escape \\, \" and \n).

export type Sample = { name: string; labels: Record<string, string>; value: number }

export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/.exec(line)
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, name, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[name as string] = (value as string).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c))
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) })
  }
  return samples
}

/**
 * The value of the one sample named `name` whose labels are exactly `labels`; undefined when there is
 * none.
 */
export function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = JSON.stringify(Object.entries(labels).sort())
  const found = samples.filter(
    (sample) => sample.name === name && JSON.stringify(Object.entries(sample.labels).sort()) === wanted,
  )
  if (found.length > 1) throw new Error(`${found.length} samples ${name} ${wanted}`)
  return found[0]?.value
}

/** Every sample of `name`, as `labels → value` lines, sorted: for exact comparisons of a whole family. */
export function seriesOf(samples: Sample[], name: string): string[] {
  return samples
    .filter((sample) => sample.name === name)
    .map((sample) => `${JSON.stringify(sample.labels)} ${sample.value}`)
    .sort()
}
