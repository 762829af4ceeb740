import { describe, expect, it } from 'vitest'
import { rainbowKitTheme } from './theme.ts'

describe('rainbowKitTheme', () => {
  it('gives both themes in system mode, so RainbowKit follows prefers-color-scheme', () => {
    const theme = rainbowKitTheme({ accent: 'green', radius: 'small', mode: 'system' })
    expect('lightMode' in theme && theme.lightMode.colors.accentColor).toBe('#1DB847')
    expect('darkMode' in theme && theme.darkMode.colors.accentColor).toBe('#4BD166')
    expect('lightMode' in theme && theme.lightMode.radii.modal).toBe('8px')
  })

  it('gives one theme for light or dark', () => {
    const dark = rainbowKitTheme({ accent: 'purple', radius: 'none', mode: 'dark' })
    expect('colors' in dark && dark.colors.accentColor).toBe('#7A70FF')
    expect('radii' in dark && dark.radii.connectButton).toBe('0px')
  })
})
