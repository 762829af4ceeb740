import { describe, expect, it } from 'vitest'
import { ensureFrameStorage, isFramed, MemoryStorage } from './framing.ts'

function windowWith(denied: boolean): Window {
  const real = new MemoryStorage()
  const win = {}
  for (const name of ['localStorage', 'sessionStorage']) {
    Object.defineProperty(win, name, {
      configurable: true,
      get() {
        if (denied)
          throw new DOMException("Failed to read the 'localStorage' property from 'Window'", 'SecurityError')
        return real
      },
    })
  }
  return win as Window
}

describe('ensureFrameStorage', () => {
  it('keeps storage the browser allows', () => {
    const win = windowWith(false)
    const before = win.localStorage
    expect(ensureFrameStorage(win)).toEqual([])
    expect(win.localStorage).toBe(before)
  })

  it('replaces denied storage with working memory storage', () => {
    const win = windowWith(true)
    expect(ensureFrameStorage(win)).toEqual(['localStorage', 'sessionStorage'])
    win.localStorage.setItem('wagmi.store', '{"a":1}')
    expect(win.localStorage.getItem('wagmi.store')).toBe('{"a":1}')
    expect(win.localStorage.length).toBe(1)
    expect(win.localStorage.key(0)).toBe('wagmi.store')
    win.localStorage.removeItem('wagmi.store')
    expect(win.localStorage.getItem('wagmi.store')).toBeNull()
    expect(win.sessionStorage.getItem('x')).toBeNull()
  })
})

describe('isFramed', () => {
  it('tells a frame from a top-level window', () => {
    const top = {} as Window
    Object.assign(top, { parent: top })
    expect(isFramed(top)).toBe(false)
    expect(isFramed({ parent: {} } as Window)).toBe(true)
  })
})
