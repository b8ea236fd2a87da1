/**
 * Explorer links from the coins file (`explorer_url` + `explorer_tx_url` / `explorer_address_url`,
 * defaults "tx/" and "address/"): built as Komodo's wallets build them, for every mainnet coin of
 * public/coins.json, and refused whenever an entry could make the page link to script or elsewhere.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { explorerAddressUrl, explorerTxUrl, readExplorer, readExplorers, safeLinkUrl } from '../../../src/ui/lib/explorer';

const HASH = 'ab'.repeat(32);
const entry = (extra: Record<string, unknown>) => ({ coin: 'X', protocol: { type: 'UTXO' }, ...extra });

describe('explorer links', () => {
  it('joins explorer_url, the path key and the hash, with the default paths', () => {
    const ex = readExplorer(entry({ explorer_url: 'https://blockstream.info/' }));
    expect(ex && explorerTxUrl(ex, HASH)).toBe(`https://blockstream.info/tx/${HASH}`);
    expect(ex && explorerAddressUrl(ex, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(
      'https://blockstream.info/address/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
  });

  it('takes the coin’s own paths, and a base without its closing slash', () => {
    const ex = readExplorer(entry({ explorer_url: 'https://blockchair.com/litecoin', explorer_tx_url: 'transaction/', explorer_address_url: 'address/' }));
    expect(ex && explorerTxUrl(ex, HASH)).toBe(`https://blockchair.com/litecoin/transaction/${HASH}`);
    const hashRoute = readExplorer(entry({ explorer_url: 'https://explorer.example.org/', explorer_tx_url: '#/tx/' }));
    expect(hashRoute && explorerTxUrl(hashRoute, HASH)).toBe(`https://explorer.example.org/#/tx/${HASH}`);
  });

  it('names EVM transactions with 0x, as their explorers do, and UTXO ones without', () => {
    const eth = readExplorer({ coin: 'ETH', protocol: { type: 'ETH' }, explorer_url: 'https://etherscan.io/' });
    expect(eth && explorerTxUrl(eth, HASH)).toBe(`https://etherscan.io/tx/0x${HASH}`);
    expect(eth && explorerTxUrl(eth, `0x${HASH}`)).toBe(`https://etherscan.io/tx/0x${HASH}`);
    const utxo = readExplorer(entry({ explorer_url: 'https://blockstream.info/' }));
    expect(utxo && explorerTxUrl(utxo, `0x${HASH}`)).toBe(`https://blockstream.info/tx/${HASH}`);
  });

  it('allows plain http only for an explorer on 127.0.0.1', () => {
    const local = readExplorer(entry({ explorer_url: 'http://127.0.0.1:3002/' }));
    expect(local && explorerTxUrl(local, HASH)).toBe(`http://127.0.0.1:3002/tx/${HASH}`);
    expect(readExplorer(entry({ explorer_url: 'http://explorer.example.org/' }))).toBeNull();
    expect(readExplorer(entry({ explorer_url: 'http://localhost/' }))).toBeNull();
  });

  it('refuses script, data and other non-web schemes in explorer_url', () => {
    for (const url of ['javascript:alert(1)//', 'JavaScript:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'file:///etc/passwd', 'ftp://x.org/', '//evil.example/', 'tx/', '']) {
      expect(readExplorer(entry({ explorer_url: url })), url).toBeNull();
    }
    expect(safeLinkUrl('https://user:pw@explorer.example.org/')).toBeNull();
    expect(readExplorer(entry({ explorer_url: 42 }))).toBeNull();
    expect(readExplorer(entry({}))).toBeNull();
  });

  it('refuses path keys that would leave the explorer’s site or break the URL', () => {
    for (const path of ['//evil.example/', '/tx/', '../tx/', '@evil.example/', 'javascript:alert(1)//', 'tx/?q=', 'tx/ ', 'x'.repeat(65), 7]) {
      expect(readExplorer(entry({ explorer_url: 'https://blockstream.info/', explorer_tx_url: path })), String(path)).toBeNull();
      expect(readExplorer(entry({ explorer_url: 'https://blockstream.info/', explorer_address_url: path })), String(path)).toBeNull();
    }
  });

  it('links only hashes and addresses it can read, escaped into the path', () => {
    const ex = readExplorer(entry({ explorer_url: 'https://blockstream.info/' }));
    if (!ex) throw new Error('no explorer');
    expect(explorerTxUrl(ex, 'not-a-hash')).toBeNull();
    expect(explorerTxUrl(ex, `${HASH}/../../evil`)).toBeNull();
    expect(explorerAddressUrl(ex, '../../x?y=1')).toBeNull();
    expect(explorerAddressUrl(ex, 'a"><script>')).toBeNull();
  });

  it('gives a link for every mainnet coin of public/coins.json, each https on its explorer', () => {
    const coins = JSON.parse(readFileSync(new URL('../../../public/coins.json', import.meta.url), 'utf8')) as { coin: string; is_testnet?: boolean }[];
    const explorers = readExplorers(coins);
    const mainnet = coins.filter((c) => c.is_testnet !== true).map((c) => c.coin);
    expect(mainnet.length).toBeGreaterThan(0);
    for (const coin of mainnet) {
      const ex = explorers[coin];
      expect(ex, coin).toBeDefined();
      const link = ex && explorerTxUrl(ex, HASH);
      expect(link, coin).toMatch(/^https:\/\/[a-z0-9.-]+\/.+/);
      expect(new URL(link ?? '').host, coin).toBe(new URL(ex?.base ?? '').host);
    }
    // The devnet coins name none.
    expect(explorers.RLTC1).toBeUndefined();
  });
});
