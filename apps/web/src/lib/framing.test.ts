import { describe, expect, it } from 'vitest'
import { ensureFrameStorage, isFramed, MemoryStorage, partitionedCookieStorage } from './framing.ts'

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

describe('partitionedCookieStorage', () => {
  /** A cookie jar that keeps name=value, as `document.cookie` shows it. */
  function jar(accepts: boolean) {
    const cookies = new Map<string, string>()
    const written: string[] = []
    return {
      written,
      get cookie() {
        return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
      },
      set cookie(line: string) {
        written.push(line)
        if (!accepts) return
        const [pair = '', ...attributes] = line.split('; ')
        const [name = '', value = ''] = pair.split('=')
        if (attributes.includes('Max-Age=0')) cookies.delete(name)
        else cookies.set(name, value)
      },
    }
  }

  it('keeps values in partitioned cookies, and forgets them', () => {
    const doc = jar(true)
    const storage = partitionedCookieStorage(doc)
    storage?.setItem('signet.safeAppSignIn', '{"v":1; "a":"b=c"}')
    expect(storage?.getItem('signet.safeAppSignIn')).toBe('{"v":1; "a":"b=c"}')
    expect(doc.written.at(-1)).toMatch(/; Path=\/; Max-Age=691200; Secure; SameSite=None; Partitioned$/)
    storage?.removeItem('signet.safeAppSignIn')
    expect(storage?.getItem('signet.safeAppSignIn')).toBeNull()
  })

  it('is undefined where the browser drops the cookie', () => {
    expect(partitionedCookieStorage(jar(false))).toBeUndefined()
  })
})
