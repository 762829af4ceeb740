// The server's dependencies run one way: down the layers below. A file may import from its own folder
// and from folders of LOWER layers only — never from a higher layer, and never from another folder of its
// own layer (folders that share a layer are independent of each other). No two files import each other,
// even through others. Tests follow the same rule; they may also import the test helpers of
// apps/server/test, which nothing else may. A new folder must be placed in a layer before its files may
// import anything. Checked by `npm run lint:deps:server`; dependency-rules.test.ts shows a back-edge fails.
//
// Bottom to top: what the process reads at start and the error model; storage, chains and the SIWE
// grammar; signature verification and the plumbing of a request (id, log line, client address, JSON body,
// rate limit, session cookie, error answer); the audit trail, operations' metrics and probes, explorer
// links; back-channel logout; the operator's revocations; the Safe watcher; sign-in; the OpenID Connect
// provider; the HTTP app, which mounts every route; serve.ts, which starts it all; and the CLI.

/** Bottom first. An entry is a folder of apps/server/src, or a file at its top (named with `.ts`). */
const layers = [
  ['config', 'errors.ts'],
  ['store', 'chain', 'siwe'],
  ['verify', 'request'],
  ['audit', 'operations', 'explorer'],
  ['backchannel-logout'],
  ['operator'],
  ['safe-watch'],
  ['auth'],
  ['oidc'],
  ['http'],
  ['serve.ts'],
  ['cli'],
]

const source = '^apps/server/src/'
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
// A top-level file `x.ts` comes with its test `x.test.ts`.
const pathOf = (entry) =>
  entry.endsWith('.ts')
    ? `${source}${escapeRegExp(entry.slice(0, -3))}(\\.test)?\\.ts$`
    : `${source}${escapeRegExp(entry)}/`

const upward = layers.flatMap((layer, index) => {
  const higher = layers.slice(index + 1).flat()
  if (higher.length === 0) return []
  return layer.map((entry) => ({
    name: `layer-${entry}`,
    comment: `${entry} may not import from a higher layer: ${higher.join(', ')}`,
    severity: 'error',
    from: { path: pathOf(entry) },
    to: { path: higher.map(pathOf) },
  }))
})

const sideways = layers.flatMap((layer) =>
  layer.length < 2
    ? []
    : layer.map((entry) => ({
        name: `peer-${entry}`,
        comment: `${entry} may not import from its peers of the same layer: ${layer.filter((peer) => peer !== entry).join(', ')}`,
        severity: 'error',
        from: { path: pathOf(entry) },
        to: { path: layer.filter((peer) => peer !== entry).map(pathOf) },
      })),
)

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...upward,
    ...sideways,
    {
      name: 'outside-layers',
      comment: 'every file of apps/server/src belongs to a layer (add its folder to `layers`)',
      severity: 'error',
      from: { path: source, pathNot: layers.flat().map(pathOf) },
      to: {},
    },
    {
      name: 'test-helpers-in-tests-only',
      comment: 'only tests import the test helpers of apps/server/test',
      severity: 'error',
      from: { path: source, pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/test/' },
    },
    {
      name: 'no-circular',
      comment: 'no file reaches itself through its imports',
      severity: 'error',
      from: { path: source },
      to: { circular: true },
    },
  ],
  options: {
    // Type-only imports are dependencies of the design too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
  },
}
