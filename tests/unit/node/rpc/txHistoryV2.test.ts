/** mmrpc 2.0 `my_tx_history` on coins without a background history: KDF's NotSupportedFor for EVM coins. */
import { describe, expect, it } from 'vitest';
import type { NodeContext } from '../../../../src/node/context';
import { EnabledCoins } from '../../../../src/node/coins/registry';
import { Authenticator } from '../../../../src/node/rpc/auth';
import { Dispatcher } from '../../../../src/node/rpc/dispatcher';
import { allHandlers } from '../../../../src/node/rpc/handlers';
import { MmNumber } from '../../../../src/shared/number';
import { CONFIGS, fakeCoin } from '../orders/harness';

const PASS = 'history-V2-pass1!';

function dispatcher(): Dispatcher {
  const balances = new Map([['ETHDEV', MmNumber.parse('1')], ['DEVT18-ERC20', MmNumber.parse('1')], ['RLTC1', MmNumber.parse('1')]]);
  const coins = new EnabledCoins();
  for (const ticker of balances.keys()) {
    coins.reserve(ticker);
    coins.settle(ticker, fakeCoin(ticker, balances));
  }
  const ctx = { coinsConfig: CONFIGS, enabledCoins: coins, keys: null, log: () => undefined } as unknown as NodeContext;
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
});
