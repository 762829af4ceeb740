import { parseWithSchema } from '@signet/protocol/schema-error'
import { type WalletDescriptor, walletDescriptorsSchema } from '@signet/protocol/wallet-descriptor'
import { readJsonSetting } from './json-setting.ts'

/**
 * `SIGNET_WALLETS`: the operator's own wallets, inline JSON or a JSON file, validated with the
 * protocol's wallet-descriptor schema (the browser checks the run-time config with the same one).
 * Unset means none. Throws a `SchemaError` whose field starts with `SIGNET_WALLETS`.
 *
 * @example readWalletDescriptors({ SIGNET_WALLETS: './wallets.json' }, '/srv/signet')
 */
export function readWalletDescriptors(
  env: Record<string, string | undefined>,
  cwd: string,
): WalletDescriptor[] {
  const json = readJsonSetting(env, 'SIGNET_WALLETS', cwd)
  return json === undefined ? [] : parseWithSchema(walletDescriptorsSchema, json, 'SIGNET_WALLETS')
}
