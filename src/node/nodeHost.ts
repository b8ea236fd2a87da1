/**
 * Holds at most one running node and answers the lifecycle calls around it (KDF's wasm entry
 * points). The worker and the headless host both sit on this, so they behave the same.
 */
import type { ControlAnswers, ControlErrorBody, ControlOp, ControlRequest, NodeStatus, P2pStatusData } from '../shared/wire';
import { NodeEvents } from '../shared/wire';
import type { Platform } from './core/context';
import { generateMnemonic } from './crypto';
import { framesOf, internalError, MmError } from './core/errors';
import { dispatcherError } from './rpc/dispatcherError';
import { channelError, legacyErrorReply, mmrpcErrorReply, replyOf, type Answer, type Reply } from './rpc/serialize';
import { WalletsStore } from './storage';
import { startError } from './lifecycle/startError';
import { totalUnreadable, unreadableRecordCounts } from './lifecycle/storageStatus';
import { offStatus, startNode, type RunningNode } from './startNode';
import { renameWallet } from './wallet/renameWallet';

/** Seeds one `set_seednodes` may list, and the longest address taken: a page's typo, not a flood. */
const MAX_SEEDNODES = 64;
const MAX_SEED_CHARS = 512;

export class NodeHost {
  private node: RunningNode | null = null;
  private starting: Promise<unknown> | null = null;
  private wallets: Promise<WalletsStore> | null = null;

  constructor(private readonly platform: Platform) {}

  get running(): boolean {
    return this.node !== null;
  }

  /**
   * One RPC body in, one reply out; before a wallet is unlocked the node is not running. (It and
   * `answerRpc` do not call each other: an error's trace names this module once, as KDF's would.)
   */
  async handleRpc(body: unknown, client = 'local'): Promise<Reply> {
    const node = this.node;
    if (!node) return replyOf(await this.notRunningAnswer(body, dispatcherError.notRunning()));
    return node.dispatcher.dispatch(body, client);
  }

  /** `handleRpc` with the typed error the reply reports, for the page's worker channel. */
  async answerRpc(body: unknown, client = 'local'): Promise<Answer> {
    const node = this.node;
    if (!node) return this.notRunningAnswer(body, dispatcherError.notRunning());
    return node.dispatcher.answer(body, client);
  }

  /** `NotRunning` in the request's format; `err` is made by the caller, so its trace starts there. */
  private async notRunningAnswer(body: unknown, err: MmError): Promise<Answer> {
    const req = typeof body === 'object' && body !== null ? (body as { mmrpc?: unknown; id?: unknown }) : {};
    const frames = await framesOf(err, this.platform.resolveFrames);
    if (req.mmrpc === undefined) return legacyErrorReply(err, frames);
    return mmrpcErrorReply(err, frames, typeof req.id === 'number' ? req.id : null);
  }

  async handleControl(req: ControlRequest): Promise<Reply> {
    return replyOf(await this.answerControl(req));
  }

  /** `handleControl` with the typed error the reply reports, for the page's worker channel. */
  async answerControl(req: ControlRequest): Promise<Answer> {
    try {
      return { status: 200, body: await this.control(req) };
    } catch (e) {
      const err = e instanceof MmError ? e : internalError(e);
      const body: ControlErrorBody = { error: err.message, error_type: err.errorType };
      if (err.errorData !== undefined) body.error_data = err.errorData;
      return { status: err.httpStatus, body, error: channelError(err) };
    }
  }

  /** Starts a node with this config; used by the headless host directly. */
  async start(conf: unknown): Promise<RunningNode> {
    if (this.node || this.starting) throw startError.alreadyRunning();
    const starting = startNode(conf, {
      platform: this.platform,
      wallets: await this.walletsStore(),
      onStopRequested: () => setTimeout(() => void this.stop(), 0),
    });
    this.starting = starting;
    try {
      this.node = await starting;
    } finally {
      this.starting = null;
    }
    this.platform.emit(NodeEvents.started, { wallet_name: this.node.ctx.walletName });
    return this.node;
  }

  async stop(): Promise<void> {
    const node = this.node;
    if (!node) return;
    this.node = null;
    await node.stop();
    this.platform.emit(NodeEvents.stopped, { wallet_name: node.ctx.walletName });
  }

  /** Each control op's handler, answering its `ControlAnswers` type (what `RpcClient.control` reads). */
  private readonly controlOps: { [O in ControlOp]: (req: Extract<ControlRequest, { op: O }>) => Promise<ControlAnswers[O]> } = {
    status: async () => {
      const ctx = this.node?.ctx;
      const unreadable = ctx ? totalUnreadable(unreadableRecordCounts(ctx)) : 0;
      const status: NodeStatus = { running: this.node !== null, wallet_name: ctx?.walletName ?? null };
      if (unreadable > 0) status.unreadable_records = unreadable;
      return status;
    },
    wallet_names: async () => ({ wallet_names: await (await this.walletsStore()).names() }),
    generate_mnemonic: async () => ({ mnemonic: generateMnemonic() }),
    start: async (req) => {
      const node = await this.start(req.conf);
      return { result: 'success', wallet_name: node.ctx.walletName };
    },
    stop: async () => {
      await this.stop();
      return { result: 'success' };
    },
    rename_wallet: async (req) => renameWallet(await this.walletsStore(), this.platform.locks, req),
    p2p_status: async () => this.p2pStatus(),
    set_seednodes: async (req) => this.setSeednodes(req.seednodes),
  };

  private async control(req: ControlRequest): Promise<unknown> {
    const op: unknown = (req as { op?: unknown }).op;
    if (typeof op !== 'string' || !Object.hasOwn(this.controlOps, op)) {
      throw dispatcherError.invalidRequest(`unknown control op ${JSON.stringify(op)?.slice(0, 100)}`);
    }
    // The table pairs each op with its own request type; the page's message is one of them by its op.
    const handler = this.controlOps[op as ControlOp] as (r: ControlRequest) => Promise<unknown>;
    return handler(req);
  }

  /** Off (no seeds) while no node runs or it runs without peer-to-peer. */
  private p2pStatus(): P2pStatusData {
    const node = this.node;
    return node?.p2p?.status() ?? offStatus(node?.ctx.conf.netid ?? 0);
  }

  /**
   * The running node's seeds, changed in place (a node without p2p joins the network); the page
   * keeps the list for the next start itself.
   */
  private setSeednodes(raw: unknown): Promise<P2pStatusData> {
    const ok = Array.isArray(raw) && raw.length <= MAX_SEEDNODES && raw.every((s) => typeof s === 'string' && s.trim() !== '' && s.length <= MAX_SEED_CHARS);
    if (!ok) throw dispatcherError.invalidRequest(`seednodes must be a list of at most ${MAX_SEEDNODES} addresses of at most ${MAX_SEED_CHARS} characters`);
    const node = this.node;
    if (!node) throw dispatcherError.notRunning();
    return node.setSeednodes(raw as string[]);
  }

  private walletsStore(): Promise<WalletsStore> {
    this.wallets ??= WalletsStore.open(this.platform.storage, (level, line) => this.platform.emit('log', { level, line })).catch((e: unknown) => {
      this.wallets = null;
      throw e;
    });
    return this.wallets;
  }
}
