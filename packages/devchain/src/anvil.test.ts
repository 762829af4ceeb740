import { existsSync, readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { createPublicClient, createWalletClient, http } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { AnvilError, resolveAnvilBinary, startAnvil } from './anvil.ts'
import { ANVIL_ACCOUNTS, ANVIL_MNEMONIC } from './anvil-accounts.ts'

function portAcceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

// A killed process whose new parent has not reaped it yet is a zombie: dead for our purposes.
function processAlive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

describe('startAnvil', () => {
  it('resolves the platform binary from its npm package', () => {
    const binary = resolveAnvilBinary()
    expect(binary).toMatch(/@foundry-rs\/anvil-[a-z0-9]+-[a-z0-9]+\/bin\/anvil(\.exe)?$/)
    expect(existsSync(binary)).toBe(true)
  })

  it('starts on a free port, answers eth_chainId, and closes the port on stop', async () => {
    const anvil = await startAnvil()
    expect(anvil.port).toBeGreaterThan(0)
    expect(anvil.rpcUrl).toBe(`http://127.0.0.1:${anvil.port}`)
    expect(anvil.chainId).toBe(31337)
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    expect(await client.getChainId()).toBe(31337)
    const rpcAccounts = await createWalletClient({ transport: http(anvil.rpcUrl) }).getAddresses()
    expect(rpcAccounts.map((a) => a.toLowerCase())).toEqual(
      anvil.accounts.map((a) => a.address.toLowerCase()),
    )
    await anvil.stop()
    expect(await portAcceptsConnections(anvil.port)).toBe(false)
    await anvil.stop() // idempotent
  })

  it('uses the configured chain id', async () => {
    const anvil = await startAnvil({ chainId: 1337 })
    try {
      const client = createPublicClient({ transport: http(anvil.rpcUrl) })
      expect(await client.getChainId()).toBe(1337)
    } finally {
      await anvil.stop()
    }
  })

  it('fails with ANVIL_EXITED when anvil quits before listening', async () => {
    const error = await startAnvil({ extraArgs: ['--no-such-flag'] }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AnvilError)
    expect((error as AnvilError).code).toBe('ANVIL_EXITED')
    expect((error as AnvilError).message).toContain('--no-such-flag')
  })

  it('fails with ANVIL_START_TIMEOUT when anvil does not listen in time', async () => {
    const error = await startAnvil({ startTimeoutMs: 1 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AnvilError)
    expect((error as AnvilError).code).toBe('ANVIL_START_TIMEOUT')
  })

  it('the hard-coded accounts are those of the default mnemonic', () => {
    ANVIL_ACCOUNTS.forEach((account, addressIndex) => {
      expect(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex }).address).toBe(account.address)
    })
  })

  it.runIf(process.platform === 'linux')('anvil dies when its Node parent is SIGKILLed', async () => {
    // A separate Node process starts anvil, prints its pid, and is then killed with SIGKILL.
    const script = `
      import { startAnvil } from ${JSON.stringify(new URL('./anvil.ts', import.meta.url).href)}
      const anvil = await startAnvil()
      console.log(JSON.stringify({ port: anvil.port, pid: anvil.pid }))
      setInterval(() => {}, 1000)
    `
    const { spawn } = await import('node:child_process')
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const line = await new Promise<string>((resolve, reject) => {
      let text = ''
      parent.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString()
        if (text.includes('\n')) resolve(text.trim())
      })
      parent.once('exit', (code) => reject(new Error(`parent exited early with ${code}`)))
    })
    const { port, pid } = JSON.parse(line) as { port: number; pid: number }
    try {
      // setpriv execs anvil, so the pid we were given is anvil's own.
      expect(readFileSync(`/proc/${pid}/comm`, 'utf8').trim()).toBe('anvil')
      expect(await portAcceptsConnections(port)).toBe(true)
    } finally {
      parent.kill('SIGKILL')
    }
    // SIGKILL takes anvil's threads down one by one: /proc can show the leader as a zombie while a
    // sibling thread still holds the listening socket, so wait for both to be gone.
    const gone = async () => !processAlive(pid) && !(await portAcceptsConnections(port))
    const deadline = Date.now() + 10_000
    while (!(await gone()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    expect(processAlive(pid)).toBe(false)
    expect(await portAcceptsConnections(port)).toBe(false)
  })
})
