/**
 * The UTXO fields of a coins-file entry with KDF's defaults
 * (`coins/utxo/utxo_builder/utxo_conf_builder.rs`, kdf-facts §6). The ticker matters: BTC has
 * its own prefix defaults, BCH its own fork id.
 */
import type { EntryReader } from './reader';
import type { EstimateFeeMode, SignatureVersion, UtxoAddressFormat, UtxoParams, UtxoTxFee } from './types';

const U8 = 255;
const U32 = 0xffff_ffff;
const I32 = 0x7fff_ffff;
const MAX = Number.MAX_SAFE_INTEGER;

/** `UTXO_DUST_AMOUNT`. */
const DEFAULT_DUST = 1000n;
const DEFAULT_FEE_PER_KB = 1000n;
const MATURE_CONFIRMATIONS_DEFAULT = 100;
const DEFAULT_DYNAMIC_FEE_VOLATILITY_PERCENT = 0.5;
const KMD_MTP_BLOCK_COUNT = 11;

/** Zcash ids per tx version (overwinter v3, sapling v4). */
const VERSION_GROUP_ID: Partial<Record<number, number>> = { 3: 0x03c4_8270, 4: 0x892f_2085 };
const CONSENSUS_BRANCH_ID: Partial<Record<number, number>> = { 3: 0x5ba8_1b19, 4: 0x76b8_09bb };

/** 4 bytes big-endian, `0x` optional (KDF's `parse_hex_encoded_u32`). */
const HEX_U32 = /^(0x)?[0-9a-fA-F]{8}$/;
const HEX_U8 = /^(0x)?[0-9a-fA-F]{1,2}$/;

const FEE_MODES: readonly EstimateFeeMode[] = ['ECONOMICAL', 'CONSERVATIVE', 'UNSET'];
const SIGNATURE_VERSIONS: readonly SignatureVersion[] = ['base', 'witness_v0', 'fork_id'];

function hexNumber(text: string): number {
  return Number.parseInt(text.replace(/^0x/, ''), 16);
}

function txFee(r: EntryReader): UtxoTxFee {
  const fee = r.amount('txfee');
  if (fee === 0n) return { kind: 'dynamic' };
  return { kind: 'fixedPerKb', satPerKb: fee ?? DEFAULT_FEE_PER_KB };
}

function addressFormat(r: EntryReader): UtxoAddressFormat {
  const f = r.child('address_format', false);
  if (!f) return { format: 'standard' };
  const format = f.present('format') ? f.oneOf('format', ['standard', 'segwit', 'cashaddress'] as const) : undefined;
  if (format !== 'cashaddress') return { format: format ?? 'standard' };
  const network = f.present('network', 'cashaddress needs a network') ? f.string('network') : undefined;
  return { format, network: network ?? '' };
}

export function parseUtxoParams(r: EntryReader): UtxoParams {
  const isBtc = r.ticker === 'BTC';
  const txversion = r.int('txversion', 1, I32) ?? 1;
  const overwintered = r.flag('overwintered') ?? false;
  const versionGroupId = r.string('version_group_id', HEX_U32, 'a 4-byte hex string');
  const consensusBranchId = r.string('consensus_branch_id', HEX_U32, 'a 4-byte hex string');
  const forkIdText = r.string('fork_id', HEX_U8, 'a 1-byte hex string such as "0x40"');
  const forkId = forkIdText !== undefined ? hexNumber(forkIdText) : r.ticker === 'BCH' ? 0x40 : 0;
  const segwit = r.bool('segwit') ?? false;
  const bech32Hrp = r.string('bech32_hrp');
  const format = addressFormat(r);
  if (format.format === 'segwit') {
    r.present('bech32_hrp', 'address_format segwit needs it');
    if (!segwit) r.report('segwit', 'address_format segwit needs "segwit": true');
  }
  const taddr = r.int('taddr', 0, U8);
  const estimateFeeMode = r.oneOf('estimate_fee_mode', FEE_MODES);
  return {
    pubtype: r.int('pubtype', 0, U8) ?? (isBtc ? 0 : 60),
    p2shtype: r.int('p2shtype', 0, U8) ?? (isBtc ? 5 : 85),
    wiftype: r.int('wiftype', 0, U8) ?? (isBtc ? 128 : 188),
    ...(taddr !== undefined && { taddr }),
    txversion,
    overwintered,
    versionGroupId:
      versionGroupId !== undefined ? hexNumber(versionGroupId) : overwintered ? (VERSION_GROUP_ID[txversion] ?? 0) : 0,
    consensusBranchId: consensusBranchId !== undefined ? hexNumber(consensusBranchId) : (CONSENSUS_BRANCH_ID[txversion] ?? 0),
    txfee: txFee(r),
    dust: r.amount('dust') ?? DEFAULT_DUST,
    segwit,
    ...(bech32Hrp !== undefined && { bech32Hrp }),
    addressFormat: format,
    matureConfirmations: r.int('mature_confirmations', 0, U32) ?? MATURE_CONFIRMATIONS_DEFAULT,
    ...(estimateFeeMode !== undefined && { estimateFeeMode }),
    estimateFeeBlocks: r.int('estimate_fee_blocks', 1, U32) ?? 1,
    forceMinRelayFee: r.bool('force_min_relay_fee') ?? false,
    forkId,
    signatureVersion:
      r.oneOf('signature_version', SIGNATURE_VERSIONS) ?? (r.ticker === 'BCH' || forkId !== 0 ? 'fork_id' : 'base'),
    isPoS: r.flag('isPoS') ?? false,
    isPoSV: r.flag('isPoSV') ?? false,
    txfeeVolatilityPercent: r.number('txfee_volatility_percent', 0) ?? DEFAULT_DYNAMIC_FEE_VOLATILITY_PERCENT,
    mtpBlockCount: r.int('mtp_block_count', 1, MAX) ?? KMD_MTP_BLOCK_COUNT,
  };
}
