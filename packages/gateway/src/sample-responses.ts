/**
 * Gateway responses shaped by the published schema, one per call, for the client's tests (the tests
 * check each against the schema before using it). Addresses are anvil's well-known ones.
 */
export const SAFE = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
export const OWNER_1 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const OWNER_2 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const TOKEN = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
export const ZERO = '0x0000000000000000000000000000000000000000'
export const SAFE_TX_HASH = `0x${'ab'.repeat(32)}`
export const MESSAGE_HASH = `0x${'cd'.repeat(32)}`
export const SIGNATURE_1 = `0x${'11'.repeat(64)}1b`
export const SIGNATURE_2 = `0x${'22'.repeat(64)}1c`

const rpc = { authentication: 'NO_AUTHENTICATION', value: 'http://127.0.0.1:8545' }

export const chain = {
  chainId: '31337',
  chainName: 'Anvil',
  description: 'Local development chain',
  chainLogoUri: null,
  l2: false,
  isTestnet: true,
  zk: false,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: 'https://example.org/eth.png' },
  transactionService: 'http://127.0.0.1:8000',
  blockExplorerUriTemplate: { address: '{{address}}', txHash: '{{txHash}}', api: '{{apiUrl}}' },
  beaconChainExplorerUriTemplate: {},
  disabledWallets: [],
  ensRegistryAddress: null,
  balancesProvider: { chainName: null, enabled: false },
  features: ['EIP1271', 'SAFE_APPS', 'EIP1559', 'ERC721'],
  gasPrice: [
    { type: 'fixed1559', maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000' },
    { type: 'oracle', uri: 'https://example.org/gas', gasParameter: 'fast', gweiFactor: '1000000000' },
    { type: 'fixed', weiValue: '1000000000' },
  ],
  publicRpcUri: rpc,
  rpcUri: rpc,
  safeAppsRpcUri: rpc,
  shortName: 'anvil',
  theme: { textColor: '#ffffff', backgroundColor: '#000000' },
  recommendedMasterCopyVersion: '1.4.1',
  relayer: null,
}

export const chainPage = { count: 1, next: null, previous: null, results: [chain] }

export const safeInfo = {
  address: { value: SAFE, name: null, logoUri: null },
  chainId: '31337',
  nonce: 3,
  threshold: 2,
  owners: [{ value: OWNER_1 }, { value: OWNER_2 }],
  implementation: { value: '0x41675C099F32341bf84BFc5382aF534df5C7461a', name: 'Safe 1.4.1' },
  implementationVersionState: 'UP_TO_DATE',
  modules: null,
  fallbackHandler: { value: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99' },
  guard: null,
  version: '1.4.1',
  collectiblesTag: '1700000000',
  txQueuedTag: '1700000000',
  txHistoryTag: '1700000000',
  messagesTag: '1700000000',
}

export const transferTransaction = {
  id: `multisig_${SAFE}_${SAFE_TX_HASH}`,
  timestamp: 1_700_000_000_000,
  txStatus: 'AWAITING_CONFIRMATIONS',
  txHash: null,
  txInfo: {
    type: 'Transfer',
    humanDescription: null,
    sender: { value: SAFE },
    recipient: { value: OWNER_2 },
    direction: 'OUTGOING',
    transferInfo: {
      type: 'ERC20',
      tokenAddress: TOKEN,
      value: '1000000',
      tokenName: 'Test USD',
      tokenSymbol: 'TUSD',
      logoUri: null,
      decimals: 6,
      trusted: true,
      imitation: false,
    },
  },
  executionInfo: {
    type: 'MULTISIG',
    nonce: 3,
    confirmationsRequired: 2,
    confirmationsSubmitted: 1,
    missingSigners: [{ value: OWNER_2 }],
  },
  safeAppInfo: null,
}

export const settingsChangeTransaction = {
  id: `multisig_${SAFE}_0x${'01'.repeat(32)}`,
  timestamp: 1_700_000_100_000,
  txStatus: 'SUCCESS',
  txHash: `0x${'02'.repeat(32)}`,
  txInfo: {
    type: 'SettingsChange',
    dataDecoded: {
      method: 'changeThreshold',
      parameters: [{ name: '_threshold', type: 'uint256', value: '2' }],
      accuracy: 'FULL_MATCH',
    },
    settingsInfo: { type: 'CHANGE_THRESHOLD', threshold: 2 },
  },
  executionInfo: { type: 'MULTISIG', nonce: 1, confirmationsRequired: 1, confirmationsSubmitted: 1 },
}

export const customTransaction = {
  id: `multisig_${SAFE}_0x${'03'.repeat(32)}`,
  timestamp: 1_700_000_200_000,
  txStatus: 'FAILED',
  txInfo: {
    type: 'Custom',
    to: { value: TOKEN },
    dataSize: '68',
    value: '0',
    isCancellation: false,
    methodName: 'approve',
  },
  executionInfo: { type: 'MODULE', address: { value: OWNER_1 } },
}

export const creationTransaction = {
  id: `creation_${SAFE}`,
  timestamp: 1_699_999_000_000,
  txStatus: 'SUCCESS',
  txHash: `0x${'04'.repeat(32)}`,
  txInfo: {
    type: 'Creation',
    creator: { value: OWNER_1 },
    transactionHash: `0x${'04'.repeat(32)}`,
    implementation: { value: '0x41675C099F32341bf84BFc5382aF534df5C7461a' },
    factory: { value: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67' },
    saltNonce: '0',
  },
  executionInfo: null,
}

export const incomingTransfersPage = {
  count: 1,
  next: null,
  previous: null,
  results: [
    {
      type: 'TRANSACTION',
      conflictType: 'None',
      transaction: {
        id: `transfer_${SAFE}_e1`,
        timestamp: 1_700_000_300_000,
        txStatus: 'SUCCESS',
        txHash: `0x${'05'.repeat(32)}`,
        txInfo: {
          type: 'Transfer',
          sender: { value: OWNER_1 },
          recipient: { value: SAFE },
          direction: 'INCOMING',
          transferInfo: { type: 'NATIVE_COIN', value: '1000000000000000000' },
        },
        executionInfo: null,
      },
    },
  ],
}

export const moduleTransactionsPage = {
  results: [{ type: 'TRANSACTION', conflictType: 'None', transaction: customTransaction }],
}

export const multisigTransactionsPage = {
  count: 2,
  next: 'https://safe-client.safe.global/v1/chains/31337/safes/x/multisig-transactions?cursor=limit%3D1%26offset%3D1',
  previous: null,
  results: [
    { type: 'TRANSACTION', conflictType: 'None', transaction: transferTransaction },
    { type: 'TRANSACTION', conflictType: 'End', transaction: settingsChangeTransaction },
  ],
}

export const balances = {
  fiatTotal: '3100.5',
  items: [
    {
      balance: '1000000000000000000',
      fiatBalance: '3000.5',
      fiatConversion: '3000.5',
      fiatBalance24hChange: null,
      tokenInfo: {
        type: 'NATIVE_TOKEN',
        address: ZERO,
        decimals: 18,
        symbol: 'ETH',
        name: 'Ether',
        logoUri: 'https://example.org/eth.png',
      },
    },
    {
      balance: '100000000',
      fiatBalance: '100',
      fiatConversion: '1',
      tokenInfo: {
        type: 'ERC20',
        address: TOKEN,
        decimals: 6,
        symbol: 'TUSD',
        name: 'Test USD',
        logoUri: 'https://example.org/tusd.png',
      },
    },
  ],
}

export const fiatCodes = ['USD', 'EUR', 'GBP']

export const ownedSafes = { safes: [SAFE] }

export const collectible = {
  address: TOKEN,
  tokenName: 'Test NFT',
  tokenSymbol: 'TNFT',
  logoUri: 'https://example.org/nft.png',
  id: '7',
  uri: null,
  name: 'Seven',
  description: null,
  imageUri: 'https://example.org/7.png',
  metadata: { trait: 'blue' },
}

export const collectibles = [collectible]

export const collectiblePage = { count: 1, next: null, previous: null, results: [collectible] }

export const historyPage = {
  next: null,
  previous: null,
  results: [
    { type: 'DATE_LABEL', timestamp: 1_700_000_000_000 },
    { type: 'TRANSACTION', conflictType: 'None', transaction: settingsChangeTransaction },
    { type: 'TRANSACTION', conflictType: 'None', transaction: customTransaction },
    { type: 'TRANSACTION', conflictType: 'None', transaction: creationTransaction },
  ],
}

export const queuedPage = {
  next: null,
  previous: null,
  results: [
    { type: 'LABEL', label: 'Next' },
    { type: 'CONFLICT_HEADER', nonce: 3 },
    { type: 'TRANSACTION', conflictType: 'HasNext', transaction: transferTransaction },
  ],
}

export const transactionDetails = {
  safeAddress: SAFE,
  txId: transferTransaction.id,
  executedAt: null,
  txStatus: 'AWAITING_CONFIRMATIONS',
  txInfo: transferTransaction.txInfo,
  txHash: null,
  txData: {
    hexData: `0xa9059cbb${'00'.repeat(64)}`,
    dataDecoded: {
      method: 'transfer',
      parameters: [
        { name: 'to', type: 'address', value: OWNER_2 },
        { name: 'value', type: 'uint256', value: '1000000' },
      ],
    },
    to: { value: TOKEN },
    value: '0',
    operation: 0,
  },
  detailedExecutionInfo: {
    type: 'MULTISIG',
    submittedAt: 1_700_000_000_000,
    nonce: 3,
    safeTxGas: '0',
    baseGas: '0',
    gasPrice: '0',
    gasToken: ZERO,
    fee: '0',
    payment: '0',
    refundReceiver: { value: ZERO },
    safeTxHash: SAFE_TX_HASH,
    executor: null,
    signers: [{ value: OWNER_1 }, { value: OWNER_2 }],
    confirmationsRequired: 2,
    confirmations: [{ signer: { value: OWNER_1 }, signature: SIGNATURE_1, submittedAt: 1_700_000_000_000 }],
    rejectors: [],
    trusted: true,
  },
  safeAppInfo: null,
}

export const estimation = { currentNonce: 3, recommendedNonce: 4, safeTxGas: '0' }

export const nonces = { currentNonce: 3, recommendedNonce: 4 }

export const safeApps = [
  {
    id: 1,
    url: 'https://signet.example',
    name: 'Signet',
    iconUrl: null,
    description: 'Sign in with your Safe',
    chainIds: ['31337'],
    provider: null,
    accessControl: { type: 'NO_RESTRICTIONS' },
    tags: ['auth'],
    features: [],
    developerWebsite: null,
    socialProfiles: [],
    featured: false,
  },
]

export const masterCopies = [
  { address: '0x41675C099F32341bf84BFc5382aF534df5C7461a', version: '1.4.1' },
  { address: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762', version: '1.4.1+L2' },
]

export const dataDecoded = {
  method: 'signMessage',
  parameters: [{ name: '_data', type: 'bytes', value: '0x1234' }],
  accuracy: 'FULL_MATCH',
}

export const message = {
  messageHash: MESSAGE_HASH,
  status: 'CONFIRMED',
  logoUri: null,
  name: null,
  message: 'localhost wants you to sign in with your Ethereum account',
  creationTimestamp: 1_700_000_000_000,
  modifiedTimestamp: 1_700_000_060_000,
  confirmationsSubmitted: 2,
  confirmationsRequired: 2,
  proposedBy: { value: OWNER_1 },
  confirmations: [
    { owner: { value: OWNER_1 }, signature: SIGNATURE_1 },
    { owner: { value: OWNER_2 }, signature: SIGNATURE_2 },
  ],
  preparedSignature: `${SIGNATURE_1}${SIGNATURE_2.slice(2)}`,
  origin: null,
}

export const typedDataMessage = {
  ...message,
  status: 'NEEDS_CONFIRMATION',
  confirmationsSubmitted: 1,
  confirmations: [{ owner: { value: OWNER_1 }, signature: SIGNATURE_1 }],
  preparedSignature: null,
  message: {
    domain: { chainId: 31337, verifyingContract: SAFE },
    primaryType: 'Greeting',
    types: { Greeting: [{ name: 'text', type: 'string' }] },
    message: { text: 'hello' },
  },
}

export const messagePage = {
  count: 2,
  next: null,
  previous: null,
  results: [
    { type: 'DATE_LABEL', timestamp: 1_700_000_000_000 },
    { type: 'MESSAGE', ...message },
    { type: 'MESSAGE', ...typedDataMessage },
  ],
}

export const delegatePage = {
  count: 1,
  next: null,
  previous: null,
  results: [{ safe: SAFE, delegate: OWNER_2, delegator: OWNER_1, label: 'Bot' }],
}
