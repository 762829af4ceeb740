import { describe, expect, it } from 'vitest'
import { ConfigError } from './config.ts'
import { importDemoTooling } from './demo-tooling.ts'

function moduleNotFound(message: string): Error {
  return Object.assign(new Error(message), { code: 'ERR_MODULE_NOT_FOUND' })
}

describe('importDemoTooling', () => {
  it('returns the module when it is installed', async () => {
    const demo = await importDemoTooling(() => import('@signet/devchain/demo'))
    expect(typeof demo.startDemoChain).toBe('function')
  })

  it('turns a missing @signet/devchain into an error naming SIGNET_RPC_<chainId>', async () => {
    const error = await importDemoTooling(() =>
      Promise.reject(moduleNotFound("Cannot find package '@signet/devchain' imported from /app/serve.ts")),
    ).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).variable).toBe('SIGNET_RPC_<chainId>')
    expect((error as ConfigError).message).toBe(
      "SIGNET_RPC_<chainId>: no chain RPC is configured, and demo mode's local chain cannot start: " +
        '@signet/devchain is not installed (production install, e.g. the container image). ' +
        'Set SIGNET_RPC_<chainId> for each chain, e.g. SIGNET_RPC_1=https://ethereum-rpc.publicnode.com',
    )
  })

  it('names @signet/sandbox when that is what is missing', async () => {
    const error = await importDemoTooling(() =>
      Promise.reject(moduleNotFound("Cannot find module '@signet/sandbox/gateway/local-gateway'")),
    ).catch((caught: unknown) => caught)
    expect((error as ConfigError).message).toContain('@signet/sandbox is not installed')
  })

  it('leaves any other failure as it is', async () => {
    const other = moduleNotFound("Cannot find package '@foundry-rs/anvil' imported from anvil.ts")
    await expect(importDemoTooling(() => Promise.reject(other))).rejects.toBe(other)
    const broken = new SyntaxError('Unexpected token')
    await expect(importDemoTooling(() => Promise.reject(broken))).rejects.toBe(broken)
  })
})
