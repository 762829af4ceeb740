import { describe, expect, it } from 'vitest'
import { installFramedSessionFetch } from './framed-session-fetch.ts'

function fakeWindow() {
  const calls: { url: string; headers: Record<string, string> }[] = []
  const win = {
    location: { href: 'http://localhost:8787/', origin: 'http://localhost:8787' } as Location,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), headers: Object.fromEntries(new Headers(init?.headers).entries()) })
      return new Response('{}')
    },
  }
  return { win, calls }
}

describe('installFramedSessionFetch', () => {
  it('marks same-origin sign-in calls and keeps their headers', async () => {
    const { win, calls } = fakeWindow()
    installFramedSessionFetch(win)
    await win.fetch('/api/auth/verify', { method: 'POST', headers: { 'content-type': 'application/json' } })
    await win.fetch('http://localhost:8787/api/auth/session')
    expect(calls.map((call) => call.headers)).toEqual([
      { 'content-type': 'application/json', 'x-signet-frame': 'cross-site' },
      { 'x-signet-frame': 'cross-site' },
    ])
  })

  it('leaves every other request alone, and installs once', async () => {
    const { win, calls } = fakeWindow()
    installFramedSessionFetch(win)
    installFramedSessionFetch(win)
    await win.fetch('/api/config')
    await win.fetch('http://127.0.0.1:9000/api/auth/session')
    await win.fetch('/api/auth/nonce')
    expect(calls.map((call) => call.headers)).toEqual([{}, {}, { 'x-signet-frame': 'cross-site' }])
  })
})
