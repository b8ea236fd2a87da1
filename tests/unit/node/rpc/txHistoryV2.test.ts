/** mmrpc 2.0 `my_tx_history` on coins without a background history: KDF's NotSupportedFor for EVM coins, and its targets per wallet kind. */
import { describe, expect, it } from 'vitest';
import type { NodeContext } from '../../../../src/node/core/context';
import { EnabledCoins } from '../../../../src/node/coins/registry';
import { Authenticator } from '../../../../src/node/rpc/auth';
import { Dispatcher } from '../../../../src/node/rpc/dispatcher';
import { allHandlers } from '../../../../src/node/rpc/handlers';
import { MmNumber } from '../../../../src/shared/number';
import { freshIndexedDb } from '../../../../tools/host/nodeIndexedDb';
import { CONFIGS, fakeCoin } from '../orders/harness';

const PASS = 'history-V2-pass1!';

/** A node whose wallet is iguana (one key) or HD (a mnemonic with `enable_hd`, or a hardware wallet: `keys` null). */
function dispatcher(wallet: 'iguana' | 'hd' | 'hardware' = 'iguana'): Dispatcher {
  const balances = new Map([['ETHDEV', MmNumber.parse('1')], ['DEVT18-ERC20', MmNumber.parse('1')], ['RLTC1', MmNumber.parse('1')]]);
  const coins = new EnabledCoins();
  for (const ticker of balances.keys()) {
    coins.reserve(ticker);
    coins.settle(ticker, fakeCoin(ticker, balances));
  }
  const ctx = { coinsConfig: CONFIGS, enabledCoins: coins, keys: wallet === 'hardware' ? null : { mode: wallet, rmd160Hex: '11'.repeat(20) }, platform: { storage: freshIndexedDb() }, log: () => undefined } as unknown as NodeContext;
  return new Dispatcher(ctx, new Authenticator(PASS, () => Date.now()), allHandlers);
}

const history = (d: Dispatcher, params: Record<string, unknown>) =>
  d.dispatch({ mmrpc: '2.0', method: 'my_tx_history', userpass: PASS, params }) as Promise<{ status: number; body: Record<string, unknown> }>;

describe('my_tx_history (mmrpc 2.0)', () => {
  it('answers NotSupportedFor for ETH and ERC20 coins, as KDF, whose EVM history is the flat method', async () => {
    const d = dispatcher();
    for (const coin of ['ETHDEV', 'DEVT18-ERC20']) {
      const r = await history(d, { coin });
      expect(r, coin).toMatchObject({ status: 400, body: { mmrpc: '2.0', error_type: 'NotSupportedFor', error: coin, error_data: coin } });
    }
  });

  it('answers a UTXO coin without history: nothing stored, NotEnabled, the request echoed', async () => {
    const r = await history(dispatcher(), { coin: 'RLTC1', limit: 5, paging_options: { PageNumber: 3 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result).toEqual({
      coin: 'RLTC1',
      target: { type: 'iguana' },
      current_block: 0,
      transactions: [],
      sync_status: { state: 'NotEnabled' },
      limit: 5,
      skipped: 10,
      total: 0,
      total_pages: 0,
      paging_options: { PageNumber: 3 },
    });
  });

  it('takes the targets of the wallet kind, as KDF\'s get_tx_history_filters: iguana for iguana, account 0 or its first address for HD', async () => {
    const invalid = (message: string) => ({ status: 400, body: { error_type: 'InvalidTarget', error: message, error_data: message } });
    const iguana = dispatcher('iguana');
    expect(await history(iguana, { coin: 'RLTC1', target: { type: 'account_id', account_id: 0 } })).toMatchObject(
      invalid('Expected "Iguana" target, found: AccountId { account_id: 0 }'),
    );
    for (const wallet of ['hd', 'hardware'] as const) {
      const hd = dispatcher(wallet);
      expect(await history(hd, { coin: 'RLTC1' }), wallet).toMatchObject(invalid('Expected "an HD account/address" target, found: Iguana'));
      const account = await history(hd, { coin: 'RLTC1', target: { type: 'account_id', account_id: 0 } });
      expect(account, wallet).toMatchObject({ status: 200, body: { result: { target: { type: 'account_id', account_id: 0 }, transactions: [] } } });
      const address = await history(hd, { coin: 'RLTC1', target: { type: 'address_id', account_id: 0, chain: 'External', address_id: 0 } });
      expect(address.status, wallet).toBe(200);
      expect(await history(hd, { coin: 'RLTC1', target: { type: 'account_id', account_id: 1 } })).toMatchObject(invalid('No such account_id=1'));
      expect(await history(hd, { coin: 'RLTC1', target: { type: 'address_id', account_id: 0, chain: 'Internal', address_id: 0 } })).toMatchObject(
        invalid("'Internal:0' address is not activated"),
      );
    }
  });
});
