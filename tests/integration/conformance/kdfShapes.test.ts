/**
 * The conformance suite: every method of the node's table, called on the devnet in each format it
 * serves, with a valid request and a failing one; each answer's HTTP status and body are checked
 * against the shapes in tests/fixtures/kdf-shapes, derived from KDF's strict response structs
 * (no key missing, none extra, numbers in KDF's forms). With KDF_SHAPES_DUMP=<file> set, every
 * answer is written there, for reading what the node said.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_TABLE } from '../../../src/shared/methods';
import { checkShape } from '../../fixtures/kdf-shapes/shapeCheck';
import { loadShapes, methodShapeFile, type MethodShapes } from '../../fixtures/kdf-shapes/shapes';
import { startOrderNode } from '../orders/orderNode';
import { freshPassphrase, RPC_PASSWORD, startWalletNode, type Reply } from '../utxo/walletNode';
import { CALLS, NOT_REACHED, type Call, type Memo, type NodeName } from './calls';
import { startHdNode, type RunningNode } from './hdNode';

type Body = Record<string, unknown>;

/** The differences between one answer and the method's shapes; empty when it conforms. */
function differences(shapes: MethodShapes, call: Call, reply: Reply): string[] {
  const { defs, dispatcherErrors } = loadShapes();
  const form = shapes.formats[call.format];
  if (!form) return [`no ${call.format} form in ${methodShapeFile(call.method)}`];
  if (call.outcome === 'success') {
    if (!form.success) return [`no ${call.format} success form in ${methodShapeFile(call.method)}`];
    const status = reply.status === form.success.status ? [] : [`HTTP ${reply.status}, KDF ${form.success.status}`];
    const body = call.format === 'legacy'
      ? checkShape(reply.body, form.success.body, defs)
      : checkShape(reply.body, { object: { mmrpc: { const: '2.0' }, result: form.success.body, id: { nullable: 'uint' } } }, defs);
    return [...status, ...body];
  }
  if (call.format === 'legacy' && !('mmrpc' in reply.body)) {
    const statuses = form.errorStatuses ?? [500];
    const status = statuses.includes(reply.status) ? [] : [`HTTP ${reply.status}, KDF ${statuses.join(' or ')}`];
    return [...status, ...checkShape(reply.body, form.errorBody ?? { ref: 'LegacyError' }, defs)];
  }
  // An mmrpc error (also a flat request retried as 2.0): the envelope, then the variant's status and data.
  const envelope = checkShape(reply.body, { ref: 'MmrpcError' }, defs);
  const type = reply.body.error_type as string;
  const variant = form.errors?.[type] ?? dispatcherErrors[type];
  if (!variant) return [...envelope, `error_type ${type} is not one KDF answers for ${call.method}`];
  const status = reply.status === variant.status ? [] : [`HTTP ${reply.status}, KDF ${variant.status} for ${type}`];
  const data = variant.error_data === undefined
    ? ('error_data' in reply.body ? [`error_data present, KDF's ${type} has none`] : [])
    : checkShape(reply.body.error_data, variant.error_data, defs, '$.error_data');
  return [...envelope, ...status, ...data];
}

describe('KDF conformance: every method against the shapes of KDF\'s strict structs', () => {
  const nodes = {} as Record<NodeName, RunningNode>;
  const answers: { call: string; status: number; body: Body }[] = [];
  /** Servers that take connections and never answer, so that an activation waits until cancelled. */
  const silentSockets: Socket[] = [];
  const silentTcp = createTcpServer((socket) => silentSockets.push(socket));
  const heldResponses: ServerResponse[] = [];
  const silentHttp = createHttpServer((_req, res) => heldResponses.push(res));
  const memo: Memo = {};

  beforeAll(async () => {
    await new Promise<void>((resolve) => silentTcp.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => silentHttp.listen(0, '127.0.0.1', resolve));
    memo.silentWs = `127.0.0.1:${(silentTcp.address() as AddressInfo).port}`;
    memo.silentHttp = `http://127.0.0.1:${(silentHttp.address() as AddressInfo).port}`;
    [nodes.maker, nodes.taker, nodes.solo, nodes.hd] = await Promise.all([
      startOrderNode('conformance-maker'),
      startOrderNode('conformance-taker'),
      startWalletNode(freshPassphrase('conformance-solo')),
      startHdNode(),
    ]);
  }, 180_000);
  afterAll(async () => {
    if (process.env.KDF_SHAPES_DUMP) await writeFile(process.env.KDF_SHAPES_DUMP, JSON.stringify(answers, null, 1));
    await Promise.all(Object.values(nodes).map((node) => node.stop()));
    for (const socket of silentSockets) socket.destroy();
    for (const res of heldResponses) res.destroy();
    await new Promise((resolve) => silentTcp.close(resolve));
    await new Promise((resolve) => silentHttp.close(resolve));
  });

  it('has a shape file for every method of the table, with a form for each format it serves', () => {
    const missing = METHOD_TABLE.flatMap((spec) => {
      const file = methodShapeFile(spec.name);
      if (!existsSync(file)) return [`${spec.name}: no ${file}`];
      const shapes = loadShapes().methods.get(spec.name)!;
      return spec.formats.filter((f) => !shapes.formats[f]).map((f) => `${spec.name}: no ${f} form`);
    });
    expect(missing).toEqual([]);
  });

  it('calls every method in every format, succeeding and failing, unless the form is listed as not reached', () => {
    const called = new Set(CALLS.map((c) => `${c.format} ${c.method} ${c.outcome}`));
    const forms = METHOD_TABLE.flatMap((spec) => spec.formats.flatMap((f) => [`${f} ${spec.name} success`, `${f} ${spec.name} error`]));
    expect(forms.filter((form) => !called.has(form) && !NOT_REACHED[form])).toEqual([]);
    // A form listed as not reached that a call does reach is a stale entry.
    expect(Object.keys(NOT_REACHED).filter((form) => called.has(form))).toEqual([]);
  });

  it('answers each call with KDF\'s status and body shape', async () => {
    const problems: string[] = [];
    for (const call of CALLS) {
      const shapes = loadShapes().methods.get(call.method);
      const args = call.args(memo);
      const userpass = call.userpass === null ? {} : { userpass: call.userpass ?? RPC_PASSWORD };
      const request = call.format === 'legacy'
        ? { ...userpass, method: call.method, ...args }
        : { mmrpc: '2.0', ...userpass, method: call.method, params: args, id: 3 };
      let reply = (await nodes[call.node].host.handleRpc(request)) as Reply;
      for (const deadline = Date.now() + 20_000; call.until && reply.status === 200 && !call.until(reply.body) && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        reply = (await nodes[call.node].host.handleRpc(request)) as Reply;
      }
      const label = `${call.format} ${call.method} (${call.outcome})`;
      answers.push({ call: label, status: reply.status, body: reply.body });
      if (call.until && reply.status === 200 && !call.until(reply.body)) {
        problems.push(`${label}: the awaited answer never came: ${JSON.stringify(reply.body).slice(0, 300)}`);
        continue;
      }
      const failed = reply.status !== 200 || 'error' in reply.body;
      if (failed !== (call.outcome === 'error')) {
        problems.push(`${label}: expected ${call.outcome}, got HTTP ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
        continue;
      }
      if (call.outcome === 'success') call.keep?.(reply.body, memo);
      if (!shapes) { problems.push(`${label}: no shape file`); continue; }
      for (const d of differences(shapes, call, reply)) problems.push(`${label}: ${d}`);
      if (call.settle) await settleTask(nodes[call.node], call.method.replace('::init', '::status'), reply.body);
    }
    expect(problems).toEqual([]);
  }, 240_000);
});

/** Polls a task's status until it leaves InProgress (bounded). */
async function settleTask(node: RunningNode, statusMethod: string, initBody: Body): Promise<void> {
  const taskId = (initBody.result as Body).task_id;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const r = (await node.host.handleRpc({ mmrpc: '2.0', userpass: RPC_PASSWORD, method: statusMethod, params: { task_id: taskId, forget_if_finished: false }, id: 3 })) as Reply;
    const status = (r.body.result as Body | undefined)?.status;
    if (status !== 'InProgress') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${statusMethod} ${String(taskId)} still in progress`);
}
