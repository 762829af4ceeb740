/**
 * Parses a duration setting such as `24h`, `30m`, `90s`, `7d` or a bare number of seconds into
 * milliseconds. Returns undefined for anything else, so the caller can name the bad setting.
 *
 * @example parseDuration('24h') // 86_400_000
 */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,9})(ms|s|m|h|d)?$/.exec(text.trim())
  if (!match) return undefined
  const value = Number(match[1])
  const unit = match[2] ?? 's'
  const factor = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit] ?? 1_000
  const ms = value * factor
  return ms > 0 ? ms : undefined
}
