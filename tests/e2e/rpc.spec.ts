/** The dispatcher as the built app runs it in Chromium: envelopes, statuses and error traces. */
import { expect, test } from '@playwright/test';
import { importWallet, openApp, sendConsole } from './helpers';

test('mmrpc errors in the production build name our modules and lines', async ({ page }) => {
  await openApp(page);
  await importWallet(page, 'trace', 'bob passphrase');

  const unknown = await sendConsole(page, '{"mmrpc":"2.0","method":"no_such_method","id":9}');
  expect(unknown.status).toBe(400);
  expect(unknown.body).toMatchObject({ mmrpc: '2.0', error_type: 'NoSuchMethod', id: 9 });
  const body = unknown.body as { error_path: string; error_trace: string };
  // The worker's message listener may be on the stack too, above the host.
  expect(body.error_path).toMatch(/^(worker\.)?nodeHost\.dispatcher\.dispatcherError$/);
  expect(body.error_trace).toMatch(/^(worker:\d+\] )?nodeHost:\d+\] (dispatcher:\d+\] )+dispatcherError:\d+\]$/);

  const flat = await sendConsole(page, '{"method":"my_balance","coin":"NOPE"}');
  expect(flat.status).toBe(500);
  expect((flat.body as { error: string }).error).toMatch(/^(worker:\d+\] )?nodeHost:\d+\] .*coinLookup:\d+\] No such coin: NOPE$/);

  // KDF retries a flat request whose method has no flat handler as 2.0.
  const retried = await sendConsole(page, '{"method":"no_such_method","id":4}');
  expect(retried.status).toBe(400);
  expect(retried.body).toMatchObject({ mmrpc: '2.0', error_type: 'NoSuchMethod', id: 4 });

  const ok = await sendConsole(page, '{"mmrpc":"2.0","method":"get_wallet_names","id":3}');
  expect(ok).toEqual({ status: 200, body: { mmrpc: '2.0', result: { wallet_names: ['trace'], activated_wallet: 'trace' }, id: 3 } });
});
