import { describe, expect, it } from 'vitest'
import { safeHostPatterns } from './safe-hosts.ts'

describe('safe hosts', () => {
  it('matches each configured origin exactly', () => {
    const [pattern] = safeHostPatterns(['https://app.safe.global'])
    expect(pattern?.test('https://app.safe.global')).toBe(true)
    for (const origin of [
      'https://app.safe.global.evil.example',
      'https://evil.example/https://app.safe.global',
      'http://app.safe.global',
      'https://appXsafe.global',
      'https://app.safe.global:8443',
    ]) {
      expect(pattern?.test(origin)).toBe(false)
    }
  })

  it('keeps ports and normalises a trailing slash', () => {
    const [pattern] = safeHostPatterns(['http://127.0.0.1:5173/'])
    expect(pattern?.test('http://127.0.0.1:5173')).toBe(true)
    expect(pattern?.test('http://127.0.0.1:5174')).toBe(false)
  })
})
