import { type Address, decodeFunctionResult, encodeFunctionData, getAddress, type Hex, parseAbi } from 'viem'
import type { StoreDatabase } from '../store/database.ts'
import type { AccountType } from '../store/session-store.ts'
import type { RpcClient } from '../verify/contract-signature.ts'

/** What an account proved at its latest sign-in through the provider: the source of its claims. */
export type OidcAccount = {
  /** CAIP-10: `eip155:<chainId>:<EIP-55 address>`. */
  accountId: string
  address: string
  chainId: number
  accountType: AccountType
  safe?: { owners: string[]; threshold: number; version: string }
  /** When the signature was verified (ms). */
  signedInAt: number
}

/** The claims of each scope (docs/PRODUCT.md, "OpenID Connect"). `sub` comes with `openid`. */
export const oidcScopeClaims = {
  openid: ['sub'],
  profile: ['preferred_username'],
  eth: ['address', 'chain_id', 'account_type'],
  safe: ['safe_owners', 'safe_threshold', 'safe_version'],
} as const

/** The CAIP-10 account id of an address on a chain. */
export function caip10AccountId(chainId: number, address: string): string {
  return `eip155:${chainId}:${getAddress(address)}`
}

/** Every claim the account has; the provider keeps those of the granted scopes. */
export function accountClaims(account: OidcAccount): Record<string, unknown> {
  return {
    sub: account.accountId,
    preferred_username: account.address,
    address: account.address,
    chain_id: account.chainId,
    account_type: account.accountType,
    ...(account.safe
      ? {
          safe_owners: account.safe.owners,
          safe_threshold: account.safe.threshold,
          safe_version: account.safe.version,
        }
      : {}),
  }
}

/** Records (or replaces) what the account proved at this sign-in. */
export async function saveOidcAccount(db: StoreDatabase, account: OidcAccount): Promise<void> {
  const row = {
    address: account.address,
    chain_id: account.chainId,
    account_type: account.accountType,
    safe_owners: account.safe ? JSON.stringify(account.safe.owners) : null,
    safe_threshold: account.safe?.threshold ?? null,
    safe_version: account.safe?.version ?? null,
    signed_in_at: account.signedInAt,
  }
  await db
    .insertInto('oidc_accounts')
    .values({ account_id: account.accountId, ...row })
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet(row))
    .execute()
}

export async function findOidcAccount(
  db: StoreDatabase,
  accountId: string,
): Promise<OidcAccount | undefined> {
  const row = await db
    .selectFrom('oidc_accounts')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    accountId: row.account_id,
    address: row.address,
    chainId: Number(row.chain_id),
    accountType: row.account_type as AccountType,
    ...(row.safe_owners !== null && row.safe_threshold !== null && row.safe_version !== null
      ? {
          safe: {
            owners: JSON.parse(row.safe_owners) as string[],
            threshold: Number(row.safe_threshold),
            version: row.safe_version,
          },
        }
      : {}),
    signedInAt: Number(row.signed_in_at),
  }
}

const safeAbi = parseAbi([
  'function getOwners() view returns (address[])',
  'function getThreshold() view returns (uint256)',
  'function VERSION() view returns (string)',
])

/**
 * The Safe's owners, threshold and version now, or undefined when the contract is not a Safe (or the
 * chain cannot say): a smart account of another kind simply has no `safe` claims.
 */
export async function readSafeDetails(
  client: RpcClient | undefined,
  address: string,
): Promise<OidcAccount['safe'] | undefined> {
  if (!client) return undefined
  const call = async (functionName: 'getOwners' | 'getThreshold' | 'VERSION'): Promise<unknown> => {
    const data = await client.request({
      method: 'eth_call',
      params: [
        { to: address as Address, data: encodeFunctionData({ abi: safeAbi, functionName }) },
        'latest',
      ],
    })
    return decodeFunctionResult({ abi: safeAbi, functionName, data: data as Hex } as never)
  }
  try {
    // Sent in the same tick: the chain client's batching puts the three calls in one request.
    const [owners, threshold, version] = await Promise.all([
      call('getOwners'),
      call('getThreshold'),
      call('VERSION'),
    ])
    return {
      owners: (owners as readonly string[]).map((owner) => getAddress(owner)),
      threshold: Number(threshold),
      version: String(version),
    }
  } catch {
    return undefined
  }
}
