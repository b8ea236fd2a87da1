import { describe, expect, it } from 'vitest';
import { MmError } from '../../../src/node/core/errors';
import { TaskManager, type TaskHandle } from '../../../src/node/core/tasks';

const tick = () => new Promise((r) => setTimeout(r, 0));

function typeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof MmError ? e.errorType : 'not an MmError';
  }
  return undefined;
}

describe('TaskManager', () => {
  it('reports progress, then Ok with the result, and forgets a finished task once read', async () => {
    const tasks = new TaskManager();
    let release!: () => void;
    const id = tasks.spawn('hw', 'Initializing', async (h) => {
      h.progress('WaitingForTrezorToConnect');
      await new Promise<void>((r) => (release = r));
      return { device: 'x' };
    });
    expect(id).toBe(0);
    await tick();
    expect(tasks.status('hw', id)).toEqual({ status: 'InProgress', details: 'WaitingForTrezorToConnect' });
    release();
    await tick();
    expect(tasks.status('hw', id, false)).toEqual({ status: 'Ok', details: { device: 'x' } });
    expect(tasks.status('hw', id)).toEqual({ status: 'Ok', details: { device: 'x' } });
    expect(typeOf(() => tasks.status('hw', id))).toBe('NoSuchTask');
  });

  it('waits for the expected user action and refuses another type', async () => {
    const tasks = new TaskManager();
    let got: unknown;
    const id = tasks.spawn('hw', 'Initializing', async (h: TaskHandle) => {
      got = await h.awaitUserAction('EnterTrezorPin', ['HwPin', 'TrezorPin'], 60_000);
      return 'done';
    });
    await tick();
    expect(tasks.status('hw', id)).toEqual({ status: 'UserActionRequired', details: 'EnterTrezorPin' });
    expect(typeOf(() => tasks.userAction('hw', id, { action_type: 'HwPassphrase', passphrase: '' }))).toBe('UnexpectedUserAction');
    expect(tasks.status('hw', id)).toEqual({ status: 'UserActionRequired', details: 'EnterTrezorPin' });
    tasks.userAction('hw', id, { action_type: 'TrezorPin', pin: '1234' });
    expect(tasks.status('hw', id)).toEqual({ status: 'InProgress', details: 'Initializing' });
    await tick();
    expect(got).toEqual({ action_type: 'TrezorPin', pin: '1234' });
    expect(tasks.status('hw', id)).toEqual({ status: 'Ok', details: 'done' });
  });

  it('turns a failure into an Error status with the mmrpc error fields', async () => {
    const tasks = new TaskManager();
    const id = tasks.spawn('hw', 'Initializing', async () => {
      throw new MmError({ errorType: 'HwError', message: 'No Trezor device available', errorData: 'NoTrezorDeviceAvailable', httpStatus: 410 });
    });
    await tick();
    expect(tasks.status('hw', id)).toMatchObject({
      status: 'Error',
      details: { error: 'No Trezor device available', error_type: 'HwError', error_data: 'NoTrezorDeviceAvailable' },
    });
  });

  it('times out a user action with KDF Timeout data', async () => {
    const tasks = new TaskManager();
    const id = tasks.spawn('hw', 'Initializing', (h) => h.awaitUserAction('EnterTrezorPin', ['HwPin'], 20));
    await new Promise((r) => setTimeout(r, 40));
    expect(tasks.status('hw', id)).toMatchObject({ status: 'Error', details: { error_type: 'Timeout', error_data: { secs: 0, nanos: 20_000_000 } } });
  });

  it('cancels a waiting task: the wait is aborted and the task forgotten', async () => {
    const tasks = new TaskManager();
    let outcome = '';
    const id = tasks.spawn('hw', 'Initializing', async (h) => {
      try {
        await h.awaitUserAction('EnterTrezorPin', ['HwPin'], 60_000);
      } catch (e) {
        outcome = (e as MmError).errorType;
        throw e;
      }
    });
    await tick();
    tasks.cancel('hw', id);
    await tick();
    expect(outcome).toBe('Cancelled');
    expect(typeOf(() => tasks.status('hw', id))).toBe('NoSuchTask');
    expect(typeOf(() => tasks.cancel('hw', id))).toBe('NoSuchTask');
  });

  it('keeps task families apart and knows which kind is running', async () => {
    const tasks = new TaskManager();
    let release!: () => void;
    const id = tasks.spawn('hw', 'Initializing', () => new Promise<void>((r) => (release = r)));
    expect(tasks.running('hw')).toBe(true);
    expect(tasks.running('withdraw')).toBe(false);
    expect(typeOf(() => tasks.status('withdraw', id))).toBe('NoSuchTask');
    release();
    await tick();
    expect(tasks.running('hw')).toBe(false);
  });

  it('refuses to cancel a finished task (TaskFinished) and unknown ids (NoSuchTask 404)', async () => {
    const tasks = new TaskManager();
    const id = tasks.spawn('hw', 'x', async () => 1);
    await tick();
    let error: MmError | undefined;
    try {
      tasks.cancel('hw', id);
    } catch (e) {
      error = e as MmError;
    }
    expect(error?.errorType).toBe('TaskFinished');
    expect(error?.httpStatus).toBe(409);
    // KDF's CancelRpcTaskError::TaskFinished text, with the id only in error_data.
    expect(error?.message).toBe('Task is finished already');
    expect(error?.errorData).toBe(id);
    try {
      tasks.cancel('hw', 99);
    } catch (e) {
      error = e as MmError;
    }
    expect(error?.errorType).toBe('NoSuchTask');
    expect(error?.httpStatus).toBe(404);
  });

  it('never asks the user for a finished task: the request fails at once and the status stays Ok', async () => {
    const tasks = new TaskManager();
    let handle!: TaskHandle;
    const id = tasks.spawn('hw', 'Initializing', async (h) => {
      handle = h;
      return { device: 'x' };
    });
    await tick();
    const late = handle.awaitUserAction('EnterTrezorPin', ['HwPin'], 600_000);
    await expect(late).rejects.toMatchObject({ errorType: 'TaskFinished' });
    handle.progress('FollowHwDeviceInstructions');
    expect(tasks.status('hw', id, false)).toEqual({ status: 'Ok', details: { device: 'x' } });
    expect(typeOf(() => tasks.userAction('hw', id, { action_type: 'HwPin', pin: '1' }))).toBe('NoSuchTask');
  });

  it('never asks the user for a cancelled task', async () => {
    const tasks = new TaskManager();
    let handle!: TaskHandle;
    const id = tasks.spawn('hw', 'Initializing', (h) => {
      handle = h;
      return new Promise<void>(() => undefined);
    });
    tasks.cancel('hw', id);
    await expect(handle.awaitUserAction('EnterTrezorPin', ['HwPin'], 600_000)).rejects.toMatchObject({ errorType: 'Cancelled' });
    expect(typeOf(() => tasks.status('hw', id))).toBe('NoSuchTask');
  });
});
