import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadPlacedBuys, rememberPlacedBuy } from '../../../src/ui/lib/placedBuys';
import { MapStorage } from './mapStorage';

describe('placed buys', () => {
  let storage: MapStorage;
  beforeEach(() => {
    storage = new MapStorage();
    Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('survives a reload: what is remembered is loaded again, without duplicates', () => {
    let list = rememberPlacedBuy([], 'a');
    list = rememberPlacedBuy(list, 'b');
    list = rememberPlacedBuy(list, 'a');
    expect(list).toEqual(['b', 'a']);
    expect(loadPlacedBuys()).toEqual(['b', 'a']);
  });

  it('keeps the newest 200', () => {
    let list: string[] = [];
    for (let i = 0; i < 205; i++) list = rememberPlacedBuy(list, `u${i}`);
    expect(list).toHaveLength(200);
    expect(list[0]).toBe('u5');
    expect(loadPlacedBuys().at(-1)).toBe('u204');
  });

  it('reads garbage as nothing rather than failing the page', () => {
    storage.setItem('browser-dex:placed-buys', '{not json');
    expect(loadPlacedBuys()).toEqual([]);
    storage.setItem('browser-dex:placed-buys', JSON.stringify(['x', 3, null]));
    expect(loadPlacedBuys()).toEqual(['x']);
  });
});
