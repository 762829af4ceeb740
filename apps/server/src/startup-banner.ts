import type { RunningSignet } from './serve.ts'

/**
 * What `signet serve` prints once it listens: the URL and, in demo mode, the local chain, the funded
 * demo accounts (anvil's public test keys) and the demo Safes — enough to try every flow by hand.
 */
export function startupBanner(signet: RunningSignet): string {
  const lines = [`Signet is running at ${signet.url} (${signet.config.mode} mode; Ctrl-C to stop)`]
  if (signet.listenUrl !== signet.url) lines.push(`  listening on ${signet.listenUrl}`)
  lines.push(`  chains: ${signet.config.chains.map((chain) => `${chain.name} (${chain.id})`).join(', ')}`)
  const demo = signet.demo
  if (demo) {
    lines.push(`  local chain (anvil, chain id 31337): ${demo.rpcUrl}`)
    if (demo.gatewayUrl) lines.push(`  local Safe gateway: ${demo.gatewayUrl}`)
    if (demo.sandboxUrl) lines.push(`  Safe{Wallet} sandbox host: ${demo.sandboxUrl}`)
    lines.push('  demo accounts (public anvil test keys — never use them on a real chain):')
    for (const [index, account] of (demo.fixtures.demoAccounts ?? []).slice(0, 4).entries()) {
      lines.push(`    #${index} ${account.address}  key ${account.privateKey}`)
    }
    for (const safe of demo.fixtures.demoSafes ?? []) {
      lines.push(
        `  demo Safe ${safe.version} ${safe.threshold}-of-${safe.owners.length}: ${safe.address} (owners #${safe.owners
          .map((owner) =>
            (demo.fixtures.demoAccounts ?? []).findIndex((account) => account.address === owner),
          )
          .join(', #')})`,
      )
    }
  }
  return `${lines.join('\n')}\n`
}
