/**
 * RFC 3339 `date-time` (the ISO 8601 profile EIP-4361 names), checked against the calendar: `Date.parse`
 * accepts `2022-02-31` and rolls it over to March, which is why this exists.
 */

// ABNF literals are case-insensitive, so RFC 3339 allows `t` and `z` as well (its section 5.6 says so).
const dateTimePattern =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/**
 * Parses an RFC 3339 date-time into milliseconds since the epoch, or `undefined` when the text is not one
 * or names an instant that does not exist (month 13, February 30, 24:00, offset +24:00).
 * Leap seconds (`:60`) are refused: JavaScript time has none and no sign-in message needs one.
 * Fractions finer than a millisecond are truncated.
 *
 * @example
 * parseDateTime('2024-02-29T12:00:00Z') // 1709208000000
 * parseDateTime('2023-02-29T12:00:00Z') // undefined
 */
export function parseDateTime(text: string): number | undefined {
  const match = dateTimePattern.exec(text)
  if (!match) return undefined
  const [, y, mo, d, h, mi, s, fraction = '', zulu, sign, offsetHours, offsetMinutes] = match
  const year = Number(y)
  const month = Number(mo)
  const day = Number(d)
  const hour = Number(h)
  const minute = Number(mi)
  const second = Number(s)
  if (month < 1 || month > 12) return undefined
  if (day < 1 || day > daysInMonth(year, month)) return undefined
  if (hour > 23 || minute > 59 || second > 59) return undefined
  let offsetMs = 0
  if (!zulu) {
    const oh = Number(offsetHours)
    const om = Number(offsetMinutes)
    if (oh > 23 || om > 59) return undefined
    offsetMs = (sign === '-' ? -1 : 1) * (oh * 60 + om) * 60_000
  }
  const ms = Number(fraction.slice(0, 3).padEnd(3, '0'))
  const date = new Date(0)
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
  date.setUTCFullYear(year, month - 1, day)
  date.setUTCHours(hour, minute, second, ms)
  return date.getTime() - offsetMs
}

/** Whether `text` is an RFC 3339 date-time that exists on the calendar. */
export function isDateTime(text: string): boolean {
  return parseDateTime(text) !== undefined
}
