/** Reads the start config (KDF's conf keys), turning every wrong field into `ErrorDeserializingConfig`. */
import { items, ParamError, ParamReader } from '../../shared/params';
import type { NodeConf } from '../../shared/wire';
import { startError } from './startError';

const MAX_CONF_BODY_BYTES = 64 * 1024 * 1024;
/**
 * Bound on `payment_locktime`: a year. Lock times go on chain as u32 unix seconds and the maker's is
 * up to 12 × 2 × this past now, which must stay far below 2^32.
 */
const MAX_PAYMENT_LOCKTIME = 365 * 24 * 3600;

/** Bound on `watcher_conf`'s seconds and factors: a deadline must stay a finite u32 time. */
const MAX_WATCHER_SECONDS = 7 * 24 * 3600;
const MAX_WATCHER_FACTOR = 12;

/** KDF's `WatcherConf`: each key optional (KDF's serde defaults), numbers ≥ 0 and bounded. */
function readWatcherConf(r: ParamReader): NonNullable<NodeConf['watcher_conf']> {
  const out: NonNullable<NodeConf['watcher_conf']> = {};
  const bounded = (key: keyof typeof out, max: number): void => {
    if (!r.has(key)) return;
    const v = r.raw(key);
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max) throw new ParamError(r.field(key), `must be a number 0..${max}`);
    out[key] = v;
  };
  bounded('wait_taker_payment', MAX_WATCHER_SECONDS);
  bounded('wait_maker_payment_spend_factor', MAX_WATCHER_FACTOR);
  bounded('refund_start_factor', MAX_WATCHER_FACTOR);
  bounded('search_interval', MAX_WATCHER_SECONDS);
  return out;
}

export function readConf(raw: unknown): NodeConf {
  try {
    const r = new ParamReader(raw, '');
    const conf: NodeConf = {};
    const gui = r.optStr('gui');
    if (gui !== undefined) conf.gui = gui;
    const netid = r.optUint('netid');
    if (netid !== undefined) conf.netid = netid;
    const rpcPassword = r.optStr('rpc_password');
    if (rpcPassword !== undefined) conf.rpc_password = rpcPassword;
    conf.allow_weak_password = r.optBool('allow_weak_password', false);
    const passphrase = r.optStr('passphrase');
    if (passphrase !== undefined) conf.passphrase = passphrase;
    const walletName = r.optStr('wallet_name');
    if (walletName !== undefined) conf.wallet_name = walletName;
    const walletPassword = r.optStr('wallet_password');
    if (walletPassword !== undefined) conf.wallet_password = walletPassword;
    if (r.has('enable_hd')) conf.enable_hd = r.bool('enable_hd');
    const coins = r.optArr('coins', (v) => v);
    if (coins !== undefined) conf.coins = coins;
    const seednodes = r.optArr('seednodes', items.str);
    if (seednodes !== undefined) conf.seednodes = seednodes;
    const rpcport = r.optUint('rpcport');
    if (rpcport !== undefined) {
      if (rpcport < 1 || rpcport > 65535) throw new ParamError('rpcport', 'must be a port number 1..65535');
      conf.rpcport = rpcport;
    }
    const maxBody = r.optUint('rpc_max_body_bytes');
    if (maxBody !== undefined) {
      // Past this, parsing one request alone blocks the node for most of a second (60 MB: ~0.6 s).
      if (maxBody < 1 || maxBody > MAX_CONF_BODY_BYTES) throw new ParamError('rpc_max_body_bytes', `must be 1..${MAX_CONF_BODY_BYTES} bytes`);
      conf.rpc_max_body_bytes = maxBody;
    }
    const rpccors = r.optStr('rpccors');
    if (rpccors !== undefined) conf.rpccors = rpccors;
    const dbdir = r.optStr('dbdir');
    if (dbdir !== undefined) conf.dbdir = dbdir;
    const paymentLocktime = r.optUint('payment_locktime');
    if (paymentLocktime !== undefined) {
      if (paymentLocktime < 1 || paymentLocktime > MAX_PAYMENT_LOCKTIME) {
        throw new ParamError('payment_locktime', `must be 1..${MAX_PAYMENT_LOCKTIME} seconds`);
      }
      conf.payment_locktime = paymentLocktime;
    }
    if (r.has('is_watcher')) conf.is_watcher = r.bool('is_watcher');
    if (r.has('use_watchers')) conf.use_watchers = r.bool('use_watchers');
    if (r.has('watcher_conf')) conf.watcher_conf = readWatcherConf(r.obj_('watcher_conf'));
    return conf;
  } catch (e) {
    if (e instanceof ParamError) throw startError.errorDeserializingConfig(e.field, e.message);
    throw e;
  }
}
