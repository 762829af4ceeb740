import axe from 'axe-core'
import type { Frame, Page } from 'playwright-core'

declare global {
  interface Window {
    axe?: typeof axe
  }
}

/** What axe-core checks: WCAG 2.0–2.2 A and AA, and its best practices (landmarks, one h1…). */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

export type AxeNode = {
  target: string
  html: string
  summary: string
  /**
   * RainbowKit's markup: inside its dialog (but not Signet's own card there), or its chain button in
   * Signet's header; undefined for Signet's own.
   */
  rainbowKit?: 'dialog' | 'chain-button'
}

export type AxeFinding = { rule: string; impact: string; help: string; nodes: AxeNode[] }

/**
 * axe-core's findings on the page (or a frame) as it is now. axe's script is injected through the
 * DevTools protocol, which the page's Content Security Policy does not govern. `rules`: only these
 * (e.g. `color-contrast`), else every rule of the tags above.
 */
export async function runAxe(target: Page | Frame, rules?: string[]): Promise<AxeFinding[]> {
  if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(axe.source)
  return target.evaluate(
    async ({ values, rules }) => {
      const engine = window.axe
      if (!engine) throw new Error('axe-core did not load')
      const result = await engine.run(document, {
        runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values },
        resultTypes: ['violations'],
        elementRef: true,
        iframes: false,
      })
      return result.violations.map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        help: violation.help,
        nodes: violation.nodes.map((node) => {
          const element = (node as { element?: Element }).element
          return {
            target: node.target.join(' '),
            html: node.html.slice(0, 240),
            summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
            rainbowKit:
              element?.closest('[data-rk] [role="dialog"]') && !element.closest('.verify-alternative')
                ? ('dialog' as const)
                : element?.closest('[data-testid="rk-chain-button"]')
                  ? ('chain-button' as const)
                  : undefined,
          }
        }),
      }))
    },
    { values: tags, rules },
  )
}
