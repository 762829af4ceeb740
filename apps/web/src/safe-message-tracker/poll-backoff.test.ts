import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pollDelayMs, startPolling } from './poll-backoff.ts'

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

describe('startPolling', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
  afterEach(() => vi.useRealTimers())

  it('looks at once, then on the back-off schedule; a move starts it over, a failure does not stop it', async () => {
    const answers: ('moved' | 'same' | 'stop' | Error)[] = [
      'same',
      new Error('offline'),
      'moved',
      'same',
      'stop',
    ]
    const times: number[] = []
    startPolling(async () => {
      times.push(Date.now())
      const answer = answers.shift() ?? 'same'
      if (answer instanceof Error) throw answer
      return answer
    })
    await vi.advanceTimersByTimeAsync(60_000)
    const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0))
    // 2 s, 3 s, then (moved) 2 s again, 3 s; after 'stop' nothing more.
    expect(gaps).toEqual([2_000, 3_000, 2_000, 3_000])
  })

  it('never runs two looks at once; `now` looks again at once, `stop` ends it', async () => {
    let running = 0
    let most = 0
    let looks = 0
    const poller = startPolling(async () => {
      looks++
      most = Math.max(most, ++running)
      await new Promise((resolve) => setTimeout(resolve, 100))
      running--
      return 'same'
    })
    poller.now()
    await vi.advanceTimersByTimeAsync(150)
    expect([looks, most]).toEqual([1, 1])
    poller.now()
    await vi.advanceTimersByTimeAsync(150)
    expect(looks).toBe(2)
    poller.stop()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(looks).toBe(2)
  })

  it('can wait the first pause before its first look', async () => {
    let looks = 0
    startPolling(
      async () => {
        looks++
        return 'same'
      },
      undefined,
      false,
    )
    await vi.advanceTimersByTimeAsync(1_999)
    expect(looks).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(looks).toBe(1)
  })
})
