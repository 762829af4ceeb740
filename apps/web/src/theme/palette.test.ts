import { readFileSync } from 'node:fs'
import { darkTheme, lightTheme } from '@rainbow-me/rainbowkit'
import { accentPresets } from '@signet/protocol/public-config'
import { describe, expect, it } from 'vitest'
import { contrastRatio, paintedOn } from './contrast.ts'
import {
  accentColours,
  accentSurfaces,
  deriveAccent,
  deriveRainbowKitText,
  lowestContrast,
  type Mode,
  rainbowKitSurfaces,
  rainbowKitTextColours,
} from './palette.ts'

const rainbowKit = { light: lightTheme, dark: darkTheme }
const modes: Mode[] = ['light', 'dark']
const ratio = (value: number) => `${value.toFixed(2)}:1`

describe('the accessible palette', () => {
  it('gives every accent, light and dark, text at 4.5:1 on it and 4.5:1 against every surface', () => {
    const table: string[] = [
      'mode   accent  RainbowKit preset (text on it)   →  Signet (text on it, lowest on a surface)',
    ]
    for (const mode of modes) {
      for (const accent of accentPresets) {
        const preset = rainbowKit[mode].accentColors[accent]
        const chosen = accentColours[mode][accent]
        // Computed, not picked: the table is what the derivation gives for RainbowKit's preset.
        expect(chosen).toEqual(deriveAccent(preset.accentColor, mode))
        const onAccent = contrastRatio(chosen.foreground, chosen.background)
        const onSurfaces = lowestContrast(chosen.background, accentSurfaces[mode])
        expect(onAccent).toBeGreaterThanOrEqual(4.5)
        expect(onSurfaces).toBeGreaterThanOrEqual(4.5)
        const before = contrastRatio(paintedOn(preset.accentColorForeground, '#FFFFFF'), preset.accentColor)
        table.push(
          `${mode.padEnd(6)} ${accent.padEnd(7)} ${preset.accentColorForeground.padEnd(7)} on ${preset.accentColor} ${ratio(before).padEnd(8)}  →  ${chosen.foreground} on ${chosen.background} ${ratio(onAccent)}, ${ratio(onSurfaces)}`,
        )
      }
    }
    console.log(table.join('\n'))
  })

  it('replaces RainbowKit’s grey texts, error colours and close icon with ones that pass', () => {
    const table: string[] = ['mode   token                         RainbowKit → Signet (lowest contrast)']
    for (const mode of modes) {
      const colours = rainbowKit[mode]().colors
      const modal = colours.modalBackground
      const original = {
        modalTextSecondary: paintedOn(colours.modalTextSecondary, modal),
        modalTextDim: paintedOn(colours.modalTextDim, modal),
        closeButton: paintedOn(colours.closeButton, modal),
        error: paintedOn(colours.error, modal),
        connectButtonBackgroundError: paintedOn(colours.connectButtonBackgroundError, modal),
      }
      const chosen = rainbowKitTextColours[mode]
      expect(chosen).toEqual(deriveRainbowKitText(original, mode))
      const surfaces = rainbowKitSurfaces[mode]
      for (const token of ['modalTextSecondary', 'modalTextDim', 'error'] as const) {
        expect(lowestContrast(chosen[token], surfaces)).toBeGreaterThanOrEqual(4.5)
        table.push(
          `${mode.padEnd(6)} ${token.padEnd(29)} ${original[token]} ${ratio(lowestContrast(original[token], surfaces))} → ${chosen[token]} ${ratio(lowestContrast(chosen[token], surfaces))}`,
        )
      }
      expect(lowestContrast(chosen.closeButton, surfaces)).toBeGreaterThanOrEqual(3)
      const wrongNetwork = contrastRatio(colours.connectButtonTextError, chosen.connectButtonBackgroundError)
      expect(wrongNetwork).toBeGreaterThanOrEqual(4.5)
      table.push(
        `${mode.padEnd(6)} ${'connectButtonBackgroundError'.padEnd(29)} ${original.connectButtonBackgroundError} ${ratio(contrastRatio(colours.connectButtonTextError, original.connectButtonBackgroundError))} → ${chosen.connectButtonBackgroundError} ${ratio(wrongNetwork)} (under ${colours.connectButtonTextError})`,
      )
    }
    console.log(table.join('\n'))
  })

  it('keeps the page’s own texts (app.css) at 4.5:1 in light and dark', () => {
    const css = readFileSync(new URL('../app/app.css', import.meta.url), 'utf8')
    const variablesIn = (selector: string) => {
      const block = css.slice(css.indexOf(`${selector} {`))
      const body = block.slice(0, block.indexOf('}'))
      return Object.fromEntries(
        [...body.matchAll(/--([\w-]+):\s*(#[0-9a-f]{3,6})/gi)].map((m) => [m[1], m[2]]),
      )
    }
    const light = variablesIn(':root')
    const dark = { ...light, ...variablesIn(':root[data-theme-mode="dark"]') }
    for (const palette of [light, dark]) {
      for (const text of ['page-fg', 'page-muted']) {
        for (const surface of ['page-bg', 'card-bg', 'warning-bg']) {
          const pair = `--${text} on --${surface}`
          expect({ pair, passes: contrastRatio(palette[text] ?? '', palette[surface] ?? '') >= 4.5 }).toEqual(
            {
              pair,
              passes: true,
            },
          )
        }
      }
    }
  })
})
