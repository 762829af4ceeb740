/**
 * Dependencies in the web app run one way: down the list of layers below.
 *
 *   i18n (the catalogues) ← lib/ (shared code) ← features, in `features` order ← the app shell
 *   (app/, main.tsx and the other files at the top of src/)
 *
 * A folder may import its own files and any layer before it, never one after it: lib/ imports no
 * feature, a feature imports only features listed before it, and nothing imports the app shell but
 * the shell itself. No file takes part in an import cycle. Test files follow the same rule.
 *
 * Run: npm run lint:deps:web (the test beside this file shows the rule catching a back-edge).
 */

// Low to high. To let feature A import feature B, B must come before A.
const features = [
  'config',
  'theme',
  'wallet',
  'account',
  'safe',
  // The sign-in engine: the auth API low, the Safe message tracker on it, signing in as a Safe on
  // that, Safe App mode above; the composition (SignInProvider) belongs above them all.
  'auth',
  'safe-message-tracker',
  'safe-sign-in',
  'safe-app',
  'oidc',
]

const layers = ['i18n', 'lib', ...features]
const src = '^apps/web/src/'
const shell = `${src}(app/|[^/]+$)`

/**
 * Imports that break the rule today, allowed one by one: `from` a file (a path regex) to the layers
 * it may not yet import. To be removed by the engine work (the rewrite of the Safe sign-in engine),
 * which moves SignInProvider's composition above safe-app and keeps the tracker off safe-sign-in.
 */
const known = [
  { from: `${src}auth/SignInProvider\\.tsx$`, to: ['safe-message-tracker', 'safe-sign-in'] },
  { from: `${src}safe-message-tracker/nonce-hold\\.ts$`, to: ['safe-sign-in'] },
  { from: `${src}safe-message-tracker/safe-sign-in-tracker\\.ts$`, to: ['safe-sign-in'] },
  { from: `${src}safe-message-tracker/SafeSignInPanel\\.tsx$`, to: ['safe-sign-in'] },
]

const folders = (names) => `${src}(${names.join('|')})/`
const layerOf = (knownFrom) => layers.find((layer) => knownFrom.startsWith(`${src}${layer}/`))

const layerRules = layers.flatMap((layer, index) => {
  const higher = layers.slice(index + 1)
  if (higher.length === 0) return []
  const exceptions = known.filter((entry) => layerOf(entry.from) === layer)
  const name = layer === 'lib' ? 'lib-imports-no-feature' : `${layer}-imports-only-lower-layers`
  const comment = `${layer}/ may import only ${layers.slice(0, index).join(', ') || 'itself'} (dependency-rules.cjs)`
  return [
    {
      name,
      comment,
      severity: 'error',
      from: {
        path: `${src}${layer}/`,
        ...(exceptions.length ? { pathNot: exceptions.map((e) => e.from) } : {}),
      },
      to: { path: folders(higher) },
    },
    ...exceptions.flatMap((entry) => {
      const stillForbidden = higher.filter((target) => !entry.to.includes(target))
      if (stillForbidden.length === 0) return []
      return [
        {
          name,
          comment,
          severity: 'error',
          from: { path: entry.from },
          to: { path: folders(stillForbidden) },
        },
      ]
    }),
  ]
})

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'no-import-of-the-app-shell',
      comment: 'Only the app shell (app/, main.tsx) imports the app shell',
      severity: 'error',
      from: { path: src, pathNot: shell },
      to: { path: shell },
    },
    {
      name: 'no-circular',
      comment: 'No import cycle between files',
      severity: 'error',
      from: { path: src },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
}
