import { describe, expect, it } from 'vitest'
import { rainbowKitTheme } from './theme.ts'

describe('rainbowKitTheme', () => {
  it('gives both themes in system mode, so RainbowKit follows prefers-color-scheme', () => {
    const theme = rainbowKitTheme({ accent: 'green', radius: 'small', mode: 'system' })
    expect('lightMode' in theme && theme.lightMode.colors.accentColor).toBe('#147D30')
    expect('darkMode' in theme && theme.darkMode.colors.accentColor).toBe('#4BD166')
    expect('lightMode' in theme && theme.lightMode.radii.modal).toBe('8px')
  })

  it('gives one theme for light or dark, in the accessible colours', () => {
    const dark = rainbowKitTheme({ accent: 'purple', radius: 'none', mode: 'dark' })
    expect('colors' in dark && dark.colors.accentColor).toBe('#8D84FF')
    expect('colors' in dark && dark.colors.accentColorForeground).toBe('#1A1B1F')
    expect('colors' in dark && dark.colors.modalTextDim).toBe('#9397A1')
    expect('radii' in dark && dark.radii.connectButton).toBe('0px')
    const light = rainbowKitTheme({ accent: 'blue', radius: 'large', mode: 'light' })
    expect('colors' in light && light.colors.modalTextSecondary).toBe('#686B6B')
    // Untouched where RainbowKit's own colour passes.
    expect('colors' in light && light.colors.modalText).toBe('#25292E')
  })
})
