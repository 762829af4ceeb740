/// <reference lib="dom" />
type Child = Node | string | false | null | undefined
type Attributes = Record<string, string | boolean | undefined | ((event: Event) => void)>

/** A small element builder: `h('button', { onclick }, 'Confirm')`. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue
    if (typeof value === 'function') element.addEventListener(name.replace(/^on/, ''), value)
    else if (value === true) element.setAttribute(name, '')
    else element.setAttribute(name, value)
  }
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue
    element.append(child)
  }
  return element
}

export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}
