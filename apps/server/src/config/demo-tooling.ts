import { ConfigError } from './config.ts'

const demoPackages = /['"](@signet\/(?:devchain|sandbox))['"/]/

/**
 * Loads a module of demo mode's local tooling (`@signet/devchain`: anvil and the Safe contracts;
 * `@signet/sandbox`: the local gateway, relay and Safe{Wallet} host). They are dev dependencies of
 * the server, so a production install such as the container image does not have them; there,
 * starting without a chain RPC is a configuration error naming the variable to set, not a
 * module-not-found stack.
 *
 * @example const { startDemoChain } = await importDemoTooling(() => import('@signet/devchain/demo'))
 */
export async function importDemoTooling<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    const missing = missingDemoPackage(error)
    if (!missing) throw error
    throw new ConfigError(
      'SIGNET_RPC_<chainId>',
      `no chain RPC is configured, and demo mode's local chain cannot start: ${missing} is not installed ` +
        '(production install, e.g. the container image). Set SIGNET_RPC_<chainId> for each chain, ' +
        'e.g. SIGNET_RPC_1=https://ethereum-rpc.publicnode.com',
    )
  }
}

function missingDemoPackage(error: unknown): string | undefined {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== 'ERR_MODULE_NOT_FOUND') return
  return demoPackages.exec(error.message)?.[1]
}
