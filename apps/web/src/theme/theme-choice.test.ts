import { describe, expect, it } from 'vitest'
import { resolveThemeChoice } from './theme-choice.ts'

const configured = { accent: 'blue', radius: 'large', mode: 'system' } as const

describe('resolveThemeChoice', () => {
  it('takes ?accent=&radius=&mode= over the configured theme', () => {
    expect(resolveThemeChoice(configured, '?accent=red&radius=none&mode=dark')).toEqual({
      accent: 'red',
      radius: 'none',
      mode: 'dark',
    })
    expect(resolveThemeChoice(configured, '')).toEqual(configured)
  })

  it('ignores an unknown value with a warning', () => {
    const warnings: string[] = []
    expect(resolveThemeChoice(configured, '?radius=huge', (message) => warnings.push(message))).toEqual(
      configured,
    )
    expect(warnings).toEqual(['[Signet] Ignoring ?radius=huge: expected one of none, small, medium, large.'])
  })
})
