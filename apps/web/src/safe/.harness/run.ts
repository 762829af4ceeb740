import { startDemoChain } from '@signet/devchain/demo'
import { execSafeTransaction, safeMessageHash, signSafeMessage, signSafeTransaction, safeTransactionHash } from '@signet/devchain/safe-signatures'
import { sendTransactions } from '@signet/devchain/send-transactions'
import { createGatewayClient } from '@signet/gateway/client'
import { startLocalGateway } from '@signet/sandbox/gateway/local-gateway'
import { deployTestToken, transferToken } from '@signet/sandbox/gateway/test-token'
import react from '@vitejs/plugin-react'
import { chromium } from 'playwright-core'
import { hashMessage, parseEther } from 'viem'
import { createServer } from 'vite'

const demo = await startDemoChain()
const gateway = await startLocalGateway({ rpcUrl: demo.anvil.rpcUrl, chainId: 31337, deployments: demo.deployments })
const safe = demo.demoSafe.address
const [a0, a1] = demo.anvil.accounts
const client = createGatewayClient({ baseUrl: gateway.url })
await sendTransactions(demo.anvil.rpcUrl, demo.anvil.accounts[5]!.privateKey, [{ to: safe, data: '0x', value: parseEther('2') }])
const text = 'localhost:8787 wants you to sign in with your Ethereum account:\n' + safe + '\n\nSign in to Signet'
const ref = { safe, chainId: 31337, version: '1.4.1', message: hashMessage(text) }
await client.proposeSafeMessage(31337, safe, { message: text, signature: (await signSafeMessage(a0!.privateKey, ref)).signature })
await execSafeTransaction({ rpcUrl: demo.anvil.rpcUrl, safe, ownerKeys: [a0!.privateKey, a1!.privateKey], to: demo.anvil.accounts[7]!.address, value: parseEther('0.25') })
const tx = { to: demo.anvil.accounts[8]!.address, value: parseEther('0.1'), data: '0x' as const, nonce: 1n }
const h = safeTransactionHash({ safe, chainId: 31337, version: '1.4.1', tx })
const s = await signSafeTransaction(a0!.privateKey, { safe, chainId: 31337, version: '1.4.1', tx })
await client.proposeTransaction(31337, safe, { to: tx.to, value: tx.value.toString(), data: '0x', nonce: '1', operation: 0, safeTxGas: '0', baseGas: '0', gasPrice: '0', gasToken: '0x0000000000000000000000000000000000000000', safeTxHash: h, sender: a0!.address, signature: s.signature })
void safeMessageHash
const token = await deployTestToken(demo.anvil.rpcUrl, demo.anvil.accounts[5]!.privateKey)
await transferToken(demo.anvil.rpcUrl, demo.anvil.accounts[5]!.privateKey, token, safe, 5n * 10n ** 14n)

const vite = await createServer({ root: import.meta.dirname, plugins: [react()], server: { port: 0, fs: { allow: ['/work/main'] } }, logLevel: 'warn' })
await vite.listen()
const viteUrl = vite.resolvedUrls?.local[0] ?? ''
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 2400 } })
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.type(), m.text()) })
  page.on('pageerror', (e) => console.log('pageerror:', e.message))
  await page.goto(`${viteUrl}?safe=${safe}&gw=${encodeURIComponent(gateway.url)}&rpc=${encodeURIComponent(demo.anvil.rpcUrl)}`)
  await page.getByText('Supported master copy').waitFor({ timeout: 20000 })
  await page.getByText('Sign in to Signet').waitFor({ timeout: 20000 })
  await page.getByText('Decoded call').first().click()
  console.log('BUTTON (not connected):', await page.getByRole('button', { name: 'Add TT to wallet' }).isDisabled(), await page.getByText('Connect a wallet to add tokens to it').count())
  await page.goto(`${viteUrl}?connect&safe=${safe}&gw=${encodeURIComponent(gateway.url)}&rpc=${encodeURIComponent(demo.anvil.rpcUrl)}`)
  await page.getByRole('button', { name: 'Add TT to wallet' }).click()
  await page.getByText('TT added to your wallet').waitFor({ timeout: 10000 })
  console.log('ADDED OK')
  await page.goto(`${viteUrl}?connect&reject&safe=${safe}&gw=${encodeURIComponent(gateway.url)}&rpc=${encodeURIComponent(demo.anvil.rpcUrl)}`)
  await page.getByRole('button', { name: 'Add TT to wallet' }).click()
  await page.waitForTimeout(1000)
  console.log('REJECT ALERTS:', await page.getByRole('alert').allInnerTexts())
  await page.getByText('Decoded call').first().click()
  await page.waitForTimeout(1500)
  await page.screenshot({ path: '/tmp/safe-pages.png', fullPage: true })
  console.log((await page.locator('body').innerText()).slice(0, 1500))
  // Error state: wrong gateway
  await page.goto(`${viteUrl}?safe=${safe}&gw=${encodeURIComponent('http://127.0.0.1:9')}&rpc=x`)
  await page.getByRole('alert').first().waitFor({ timeout: 20000 })
  console.log('ALERTS:', await page.getByRole('alert').allInnerTexts())
  await page.goto(`${viteUrl}?safe=${demo.anvil.accounts[9]!.address}&gw=${encodeURIComponent(gateway.url)}&rpc=x`)
  await page.getByRole('alert').first().waitFor({ timeout: 20000 })
  console.log('ALERTS2:', await page.getByRole('alert').allInnerTexts())
} finally {
  await browser.close()
  await vite.close()
  await gateway.stop()
  await demo.stop()
}
