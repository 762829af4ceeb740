import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Abi, Hex } from 'viem'
import { ensureSafe111Artifacts } from './safe-111-artifacts.ts'
import type { SafeVersion } from './safe-deploy.ts'

/** The contracts a Safe deployment consists of, by the part they play. */
export type SafeContractRole =
  | 'singleton'
  | 'proxyFactory'
  | 'fallbackHandler'
  | 'signMessageLib'
  | 'multiSend'
  | 'multiSendCallOnly'
  | 'simulateTxAccessor'
  | 'createCall'

export type ContractArtifact = { contractName: string; abi: Abi; bytecode: Hex }

export type SafeArtifacts = { version: SafeVersion } & Partial<Record<SafeContractRole, ContractArtifact>>

/** Hardhat artifact paths under build/artifacts/contracts/ of the npm packages (installed under aliases). */
const HARDHAT_PATHS: Record<Exclude<SafeVersion, '1.1.1'>, Record<SafeContractRole, string>> = {
  '1.3.0': {
    singleton: 'GnosisSafe.sol/GnosisSafe.json',
    proxyFactory: 'proxies/GnosisSafeProxyFactory.sol/GnosisSafeProxyFactory.json',
    fallbackHandler: 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
    signMessageLib: 'examples/libraries/SignMessage.sol/SignMessageLib.json',
    multiSend: 'libraries/MultiSend.sol/MultiSend.json',
    multiSendCallOnly: 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json',
    simulateTxAccessor: 'accessors/SimulateTxAccessor.sol/SimulateTxAccessor.json',
    createCall: 'libraries/CreateCall.sol/CreateCall.json',
  },
  '1.4.1': {
    singleton: 'Safe.sol/Safe.json',
    proxyFactory: 'proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
    fallbackHandler: 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
    signMessageLib: 'libraries/SignMessageLib.sol/SignMessageLib.json',
    multiSend: 'libraries/MultiSend.sol/MultiSend.json',
    multiSendCallOnly: 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json',
    simulateTxAccessor: 'accessors/SimulateTxAccessor.sol/SimulateTxAccessor.json',
    createCall: 'libraries/CreateCall.sol/CreateCall.json',
  },
  '1.5.0': {
    singleton: 'Safe.sol/Safe.json',
    proxyFactory: 'proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
    fallbackHandler: 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
    signMessageLib: 'libraries/SignMessageLib.sol/SignMessageLib.json',
    multiSend: 'libraries/MultiSend.sol/MultiSend.json',
    multiSendCallOnly: 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json',
    simulateTxAccessor: 'accessors/SimulateTxAccessor.sol/SimulateTxAccessor.json',
    createCall: 'libraries/CreateCall.sol/CreateCall.json',
  },
}

/**
 * Truffle artifacts of 1.1.1. It has no CompatibilityFallbackHandler, SignMessageLib, MultiSendCallOnly
 * or SimulateTxAccessor: the GnosisSafe itself has `signMessage(bytes)` and the legacy
 * `isValidSignature(bytes,bytes)`, and its DefaultCallbackHandler only answers token callbacks.
 */
const TRUFFLE_111_NAMES: Partial<Record<SafeContractRole, string>> = {
  singleton: 'GnosisSafe',
  proxyFactory: 'ProxyFactory',
  fallbackHandler: 'DefaultCallbackHandler',
  multiSend: 'MultiSend',
  createCall: 'CreateCall',
}

const require = createRequire(import.meta.url)

async function readArtifact(path: string): Promise<ContractArtifact> {
  const json = JSON.parse(await readFile(path, 'utf8')) as { contractName: string; abi: Abi; bytecode: Hex }
  return { contractName: json.contractName, abi: json.abi, bytecode: json.bytecode }
}

async function load(version: SafeVersion): Promise<SafeArtifacts> {
  const entries: [SafeContractRole, string][] =
    version === '1.1.1'
      ? await ensureSafe111Artifacts().then((dir) =>
          Object.entries(TRUFFLE_111_NAMES).map(([role, name]): [SafeContractRole, string] => [
            role as SafeContractRole,
            join(dir, `${name}.json`),
          ]),
        )
      : Object.entries(HARDHAT_PATHS[version]).map(([role, path]): [SafeContractRole, string] => [
          role as SafeContractRole,
          join(
            dirname(require.resolve(`safe-contracts-${version}/package.json`)),
            'build',
            'artifacts',
            'contracts',
            path,
          ),
        ])
  const artifacts = await Promise.all(
    entries.map(async ([role, path]) => [role, await readArtifact(path)] as const),
  )
  return { version, ...Object.fromEntries(artifacts) }
}

const cache = new Map<SafeVersion, Promise<SafeArtifacts>>()

/** ABI and creation bytecode of each contract of a Safe version, read from the npm packages (cached). */
export function loadSafeArtifacts(version: SafeVersion): Promise<SafeArtifacts> {
  let artifacts = cache.get(version)
  if (!artifacts) {
    artifacts = load(version)
    artifacts.catch(() => cache.delete(version))
    cache.set(version, artifacts)
  }
  return artifacts
}
