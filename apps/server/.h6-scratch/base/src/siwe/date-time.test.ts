import { describe, expect, it } from 'vitest'
import { isDateTime, parseDateTime } from './date-time.ts'

describe('parseDateTime (RFC 3339)', () => {
  it('gives the instant in ms, applying the offset', () => {
    expect(parseDateTime('2024-02-29T12:00:00Z')).toBe(Date.UTC(2024, 1, 29, 12))
    expect(parseDateTime('2021-09-30T16:25:24-02:00')).toBe(Date.UTC(2021, 8, 30, 18, 25, 24))
    expect(parseDateTime('2021-09-30T16:25:24+05:30')).toBe(Date.UTC(2021, 8, 30, 10, 55, 24))
    expect(parseDateTime('2022-03-17T12:45:13.610Z')).toBe(Date.UTC(2022, 2, 17, 12, 45, 13, 610))
    expect(parseDateTime('2022-03-17T12:45:13.6109999Z')).toBe(Date.UTC(2022, 2, 17, 12, 45, 13, 610))
    expect(parseDateTime('2022-03-17t12:45:13.6z')).toBe(Date.UTC(2022, 2, 17, 12, 45, 13, 600))
  })

  it('keeps years below 100 as written (Date.UTC would add 1900)', () => {
    expect(new Date(parseDateTime('0050-01-01T00:00:00Z') ?? 0).getUTCFullYear()).toBe(50)
  })

  it('knows leap years', () => {
    expect(isDateTime('2024-02-29T00:00:00Z')).toBe(true)
    expect(isDateTime('2000-02-29T00:00:00Z')).toBe(true)
    expect(isDateTime('2023-02-29T00:00:00Z')).toBe(false)
    expect(isDateTime('1900-02-29T00:00:00Z')).toBe(false)
    expect(isDateTime('2022-02-31T17:09:38.578Z')).toBe(false)
    expect(isDateTime('2022-11-31T00:00:00Z')).toBe(false)
    expect(isDateTime('2022-12-31T00:00:00Z')).toBe(true)
  })

  it('refuses other shapes and impossible times', () => {
    for (const text of [
      'Wed Oct 05 2011 16:48:00 GMT+0200 (CEST)',
      '2022-03-17',
      '2022-03-17T12:45Z',
      '2022-03-17T12:45:13',
      '2022-3-17T12:45:13Z',
      '2022-03-17T12:45:13+0100',
      '2022-03-17T23:59:60Z',
      '2022-03-17T12:45:13-00:60',
      ' 2022-03-17T12:45:13Z',
    ]) {
      expect(parseDateTime(text), text).toBeUndefined()
    }
  })
})
