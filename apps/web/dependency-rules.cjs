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
  // The sign-in engine: the auth API low, the Safe message tracker on it, the page's session
  // (SignInProvider: RainbowKit's flow, a connected Safe's sign-in) on that, signing in as a Safe from
  // an owner's wallet and Safe App mode above.
  'auth',
  'safe-message-tracker',
  'session',
  'safe-sign-in',
  'safe-app',
  'oidc',
]

const layers = ['i18n', 'lib', ...features]
const src = '^apps/web/src/'
const shell = `${src}(app/|[^/]+$)`

const folders = (names) => `${src}(${names.join('|')})/`

const layerRules = layers.flatMap((layer, index) => {
  const higher = layers.slice(index + 1)
  if (higher.length === 0) return []
  const name = layer === 'lib' ? 'lib-imports-no-feature' : `${layer}-imports-only-lower-layers`
  const comment = `${layer}/ may import only ${layers.slice(0, index).join(', ') || 'itself'} (dependency-rules.cjs)`
  return [
    {
      name,
      comment,
      severity: 'error',
      from: { path: `${src}${layer}/` },
      to: { path: folders(higher) },
    },
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
