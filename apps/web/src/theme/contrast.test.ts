import { describe, expect, it } from 'vitest'
import { composite, contrastRatio, paintedOn, relativeLuminance, shadeReaching } from './contrast.ts'

describe('WCAG contrast', () => {
  it('computes relative luminance and the contrast ratio as WCAG 2.2 defines them', () => {
    expect(relativeLuminance('#000')).toBe(0)
    expect(relativeLuminance('#FFFFFF')).toBe(1)
    expect(contrastRatio('#000000', '#FFF')).toBe(21)
    expect(contrastRatio('#777', '#777')).toBe(1)
    // The figures the accessibility review measured with axe-core (which truncates to two decimals).
    const truncated = (value: number) => Math.floor(value * 100) / 100
    expect(truncated(contrastRatio('#FFFFFF', '#0E76FD'))).toBe(4.17)
    expect(truncated(contrastRatio('#FFFFFF', '#3898FF'))).toBe(2.95)
    expect(truncated(contrastRatio('#8A8E8E', '#FFFFFF'))).toBe(3.31)
  })

  it('lays a translucent colour over its surface', () => {
    expect(composite('#000000', 0.06, '#FFFFFF')).toBe('#F0F0F0')
    expect(paintedOn('rgba(60, 66, 66, 0.6)', '#FFFFFF')).toBe('#8A8E8E')
    expect(paintedOn('#fff', '#000000')).toBe('#FFFFFF')
    expect(() => paintedOn('blue', '#FFFFFF')).toThrow('not a #rgb or #rrggbb colour: blue')
  })

  it('finds the nearest shade that reaches a ratio, or keeps a colour that already does', () => {
    const darker = shadeReaching('#0E76FD', { against: ['#FFFFFF'], minimum: 4.5, direction: 'darker' })
    expect(darker).toBe('#026EFA')
    expect(contrastRatio(darker, '#FFFFFF')).toBeGreaterThanOrEqual(4.5)
    expect(shadeReaching('#1A1B1F', { against: ['#FFFFFF'], minimum: 4.5, direction: 'darker' })).toBe(
      '#1A1B1F',
    )
    expect(() =>
      shadeReaching('#FFFFFF', { against: ['#FFFFFF'], minimum: 4.5, direction: 'lighter' }),
    ).toThrow('no lighter shade of #FFFFFF reaches 4.5:1')
  })
})
