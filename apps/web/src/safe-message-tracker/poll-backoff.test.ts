import { describe, expect, it } from 'vitest'
import { pollDelayMs } from './poll-backoff.ts'

describe('pollDelayMs', () => {
  it('starts at 2 s, grows by half each time and stays at 30 s', () => {
    expect(Array.from({ length: 10 }, (_, attempt) => pollDelayMs(attempt))).toEqual([
      2_000, 3_000, 4_500, 6_750, 10_125, 15_188, 22_781, 30_000, 30_000, 30_000,
    ])
    expect(pollDelayMs(1_000)).toBe(30_000)
  })

  it('follows other settings and refuses a negative or fractional attempt', () => {
    expect(
      [0, 1, 2, 3].map((attempt) => pollDelayMs(attempt, { initialMs: 100, factor: 2, maxMs: 500 })),
    ).toEqual([100, 200, 400, 500])
    expect(() => pollDelayMs(-1)).toThrow('attempt must be a whole number ≥ 0, got -1')
    expect(() => pollDelayMs(1.5)).toThrow('attempt must be a whole number ≥ 0, got 1.5')
  })
})
