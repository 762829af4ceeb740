import type { SafeVersion } from '@signet/devchain/safe-deploy'
import { concatOwnerSignatures, signSafeMessage } from '@signet/devchain/safe-signatures'
import { type Address, type Hex, hashMessage } from 'viem'
import type { MessageSigner } from './oidc-browser.ts'
import { freshSignInMessage, postVerify } from './sign-in-client.ts'

// A Safe as a wallet signs for it: its owners each sign the SafeMessage of the text's EIP-191 hash, and
// the signatures are concatenated in owner order (what Safe{Wallet} hands a dApp).

/** A signer for `safe` on chain 31337 whose owners hold `ownerKeys` (enough of them for the threshold). */
export function safeSigner(safe: Address, version: SafeVersion, ownerKeys: Hex[]): MessageSigner {
  return {
    address: safe,
    signMessage: async ({ message }) =>
      concatOwnerSignatures(
        await Promise.all(
          ownerKeys.map((key) =>
            signSafeMessage(key, { safe, chainId: 31337, version, message: hashMessage(message) }),
          ),
        ),
      ),
  }
}

/** Signs `signer` in at `base` (`POST /api/auth/verify`) and returns the session cookie (`name=value`). */
export async function signInOverHttp(base: string, origin: string, signer: MessageSigner): Promise<string> {
  const message = await freshSignInMessage(base, signer.address, origin)
  const answer = await postVerify(base, message, await signer.signMessage({ message }))
  if (answer.status !== 200)
    throw new Error(`sign-in answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  return answer.cookie
}

/** The status `GET /api/auth/session` answers for the cookie. */
export async function sessionStatus(base: string, cookie: string): Promise<number> {
  const response = await fetch(`${base}/api/auth/session`, { headers: { cookie } })
  await response.arrayBuffer()
  return response.status
}

/** Polls `check` every 50 ms until it returns true; the time it took (ms), or a rejection after `timeoutMs`. */
export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`)
}
