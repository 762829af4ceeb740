/**
 * WalletConnect v2 needs a WalletConnect Cloud project id (32 hexadecimal characters). Ids copied
 * from examples work for nobody but their owner, so they are flagged too.
 */
export type ProjectIdCheck =
  | { kind: 'missing' }
  | { kind: 'placeholder'; projectId: string }
  | { kind: 'malformed'; projectId: string }
  | { kind: 'ok'; projectId: string }

/** Example ids from RainbowKit's and wagmi's docs and templates. */
const exampleProjectIds = new Set([
  '21fef48091f12692cad574a6f7753643',
  '3fcc6bba6f1de962d911bb5b5c3dba68',
  '3fbb6bba6f1de962d911bb5b5c9dba88',
])

/** Checks a configured project id. */
export function checkProjectId(projectId: string | undefined): ProjectIdCheck {
  const id = projectId?.trim()
  if (!id) return { kind: 'missing' }
  if (
    exampleProjectIds.has(id.toLowerCase()) ||
    /^(your|my|example|test)?[-_ ]?(wc[-_ ]?)?project[-_ ]?id$/i.test(id)
  ) {
    return { kind: 'placeholder', projectId: id }
  }
  if (/^0+$/.test(id) || /^x+$/i.test(id)) return { kind: 'placeholder', projectId: id }
  if (!/^[0-9a-f]{32}$/i.test(id)) return { kind: 'malformed', projectId: id }
  return { kind: 'ok', projectId: id }
}
