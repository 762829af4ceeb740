import { h, shortAddress } from './dom.ts'
import type { HostContext } from './host-types.ts'

/** The host's Safe selector: choosing another Safe reloads the page for it (`?safe=`). */
export function safePicker(context: HostContext, safe: HostContext['safes'][number]): HTMLElement {
  return h(
    'label',
    {},
    'Safe ',
    h(
      'select',
      {
        'aria-label': 'Safe',
        onchange: (event) => {
          const url = new URL(location.href)
          url.searchParams.set('safe', (event.target as HTMLSelectElement).value)
          location.assign(url)
        },
      },
      ...context.safes.map((candidate) =>
        h(
          'option',
          { value: candidate.safeAddress, selected: candidate.safeAddress === safe.safeAddress },
          `${shortAddress(candidate.safeAddress)} · ${candidate.threshold} of ${candidate.owners.length} · v${candidate.version}`,
        ),
      ),
    ),
  )
}
