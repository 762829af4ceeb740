import {
  type Address,
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  getAddress,
  getContractAddress,
  type Hex,
  keccak256,
  pad,
  sliceHex,
  zeroAddress,
} from 'viem'
import { FALLBACK_HANDLER_STORAGE_SLOT, proxyFactoryAbi, safeReadAbi, setupAbi } from './safe-abi.ts'
import { DEFAULT_DEPLOYER_KEY, type SafeDeployment } from './safe-deploy.ts'
import { devClient, sendTransactions } from './send-transactions.ts'

/** What determines a Safe's address: factory, singleton, setup call and salt nonce. */
export type SafeSetup = {
  deployment: SafeDeployment
  owners: Address[]
  threshold: number
  saltNonce?: bigint
}

export type SafeInfo = {
  owners: Address[]
  threshold: number
  nonce: bigint
  version: string
  fallbackHandler: Address
  singleton: Address
}

export type SafeErrorCode = 'SAFE_NOT_CREATED'

export class SafeError extends Error {
  readonly code: SafeErrorCode
  constructor(code: SafeErrorCode, message: string) {
    super(message)
    this.name = 'SafeError'
    this.code = code
  }
}

/** ERC-6492 suffix marking a signature of a contract that may not be deployed yet. */
export const ERC6492_MAGIC_SUFFIX = '0x6492649264926492649264926492649264926492649264926492649264926492'

/** `setup(owners, threshold, to=0, data=0x, fallbackHandler, paymentToken=0, payment=0, paymentReceiver=0)`. */
export function safeInitializer({ deployment, owners, threshold }: SafeSetup): Hex {
  return encodeFunctionData({
    abi: setupAbi,
    functionName: 'setup',
    args: [
      owners,
      BigInt(threshold),
      zeroAddress,
      '0x',
      deployment.fallbackHandler ?? zeroAddress,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  })
}

/** Calldata for `proxyFactory.createProxyWithNonce(singleton, initializer, saltNonce)`. */
export function proxyFactoryCalldata(setup: SafeSetup): Hex {
  return encodeFunctionData({
    abi: proxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: [setup.deployment.singleton, safeInitializer(setup), setup.saltNonce ?? 0n],
  })
}

/**
 * The CREATE2 address `createProxyWithNonce` deploys to (all versions 1.1.1–1.5.0):
 * salt = keccak256(keccak256(initializer) ++ saltNonce), init code = proxyCreationCode ++ uint256(singleton).
 */
export function computeSafeAddress(setup: SafeSetup & { proxyCreationCode: Hex }): Address {
  const salt = keccak256(
    encodePacked(['bytes32', 'uint256'], [keccak256(safeInitializer(setup)), setup.saltNonce ?? 0n]),
  )
  return getContractAddress({
    opcode: 'CREATE2',
    from: setup.deployment.proxyFactory,
    salt,
    bytecode: concat([setup.proxyCreationCode, pad(setup.deployment.singleton, { size: 32 })]),
  })
}

/** Like computeSafeAddress, reading the proxy creation code from the factory itself. */
export async function predictSafeAddress(setup: SafeSetup & { rpcUrl: string }): Promise<Address> {
  const proxyCreationCode = await devClient(setup.rpcUrl).readContract({
    address: setup.deployment.proxyFactory,
    abi: proxyFactoryAbi,
    functionName: 'proxyCreationCode',
  })
  return computeSafeAddress({ ...setup, proxyCreationCode })
}

/** Deploys a Safe proxy through the factory and returns its address. */
export async function createSafe(setup: SafeSetup & { rpcUrl: string; deployerKey?: Hex }): Promise<Address> {
  const [address] = await Promise.all([
    predictSafeAddress(setup),
    sendTransactions(setup.rpcUrl, setup.deployerKey ?? DEFAULT_DEPLOYER_KEY, [
      { to: setup.deployment.proxyFactory, data: proxyFactoryCalldata(setup) },
    ]),
  ])
  const code = await devClient(setup.rpcUrl).getCode({ address })
  if (!code || code === '0x') {
    throw new SafeError('SAFE_NOT_CREATED', `no contract at the predicted Safe address ${address}`)
  }
  return address
}

/**
 * ERC-6492 signature for a Safe that is not deployed yet:
 * abi.encode(factory, factoryCalldata, innerSignature) ++ magic suffix. A verifier deploys the Safe
 * in a simulation with the factory call, then asks it for EIP-1271.
 */
export function counterfactualSignature(setup: SafeSetup & { signature: Hex }): Hex {
  return concat([
    encodeAbiParameters(
      [{ type: 'address' }, { type: 'bytes' }, { type: 'bytes' }],
      [setup.deployment.proxyFactory, proxyFactoryCalldata(setup), setup.signature],
    ),
    ERC6492_MAGIC_SUFFIX,
  ])
}

/** Owners, threshold, nonce, VERSION and the two storage-held addresses of a deployed Safe. */
export async function readSafe(rpcUrl: string, address: Address): Promise<SafeInfo> {
  const client = devClient(rpcUrl)
  const read = <F extends 'getOwners' | 'getThreshold' | 'nonce' | 'VERSION'>(functionName: F) =>
    client.readContract({ address, abi: safeReadAbi, functionName })
  const [owners, threshold, nonce, version, handlerSlot, singletonSlot] = await Promise.all([
    read('getOwners'),
    read('getThreshold'),
    read('nonce'),
    read('VERSION'),
    client.getStorageAt({ address, slot: FALLBACK_HANDLER_STORAGE_SLOT }),
    // The proxy keeps its singleton (masterCopy) in slot 0.
    client.getStorageAt({ address, slot: '0x0' }),
  ])
  const slotAddress = (word: Hex | undefined): Address =>
    getAddress(sliceHex(pad(word ?? '0x0', { size: 32 }), 12))
  return {
    owners: [...owners],
    threshold: Number(threshold),
    nonce,
    version,
    fallbackHandler: slotAddress(handlerSlot),
    singleton: slotAddress(singletonSlot),
  }
}
