import { describe, expect, it, vi } from 'vitest';
import { HwError, TrezorTransportError } from '../../../../src/node/hw/trezor/errors';
import { WebUsbTransport } from '../../../../src/node/hw/trezor/transport';
import { simTrezor } from './helpers';
import { SimUsb, SimUsbDevice } from './sim';

function bareDevice(serial: string, ids?: { vendorId: number; productId: number }): SimUsbDevice {
  return new SimUsbDevice(serial, () => undefined, ids);
}

describe('WebUsbTransport', () => {
  it('connects as KDF: open → selectConfiguration(1) → reset → claimInterface of the class-255 interface', async () => {
    const sim = simTrezor();
    const calls: string[] = [];
    for (const name of ['open', 'selectConfiguration', 'reset', 'claimInterface'] as const) {
      const original = sim.device[name].bind(sim.device) as (...args: unknown[]) => Promise<void>;
      vi.spyOn(sim.device, name).mockImplementation(async (...args: unknown[]) => {
        calls.push(`${name}(${args.join(',')})`);
        return original(...args);
      });
    }
    await WebUsbTransport.connect(sim.usb);
    expect(calls).toEqual(['open()', 'selectConfiguration(1)', 'reset()', 'claimInterface(0)']);
  });

  it('ignores a failing reset (ChromeOS, Windows)', async () => {
    const sim = simTrezor();
    vi.spyOn(sim.device, 'reset').mockRejectedValue(new DOMException('Unable to reset the device.', 'NetworkError'));
    const transport = await WebUsbTransport.connect(sim.usb);
    await transport.write({ type: 0, payload: new Uint8Array(0) });
    expect((await transport.read()).type).toBe(17);
  });

  it('picks the interface whose alternate has class 255 and its first endpoint', async () => {
    const device = bareDevice('X');
    const writes: number[] = [];
    Object.defineProperty(device, 'configurations', {
      value: [
        {
          interfaces: [
            { interfaceNumber: 0, alternates: [{ interfaceClass: 3, endpoints: [{ endpointNumber: 5 }] }] },
            { interfaceNumber: 1, alternates: [{ interfaceClass: 255, endpoints: [{ endpointNumber: 2 }] }] },
          ],
        },
      ],
    });
    vi.spyOn(device, 'claimInterface').mockResolvedValue(undefined);
    vi.spyOn(device, 'transferOut').mockImplementation(async (endpoint: number) => {
      writes.push(endpoint);
      return { status: 'ok', bytesWritten: 64 };
    });
    const transport = await WebUsbTransport.connect(new SimUsb([device]));
    expect(device.claimInterface).toHaveBeenCalledWith(1);
    await transport.write({ type: 0, payload: new Uint8Array(0) });
    expect(writes).toEqual([2]);
  });

  it('reports no device, several devices, and the unsupported HID Trezor One', async () => {
    const none = WebUsbTransport.connect(new SimUsb([bareDevice('other', { vendorId: 0x1234, productId: 1 })]));
    await expect(none).rejects.toMatchObject({ hwRpcError: 'NoTrezorDeviceAvailable', message: 'No Trezor device available' });

    const two = WebUsbTransport.connect(new SimUsb([bareDevice('A'), bareDevice('B', { vendorId: 0x1209, productId: 0x53c0 })]));
    await expect(two).rejects.toMatchObject({ hwRpcError: 'FoundMultipleDevices' });

    const hid = WebUsbTransport.connect(new SimUsb([bareDevice('H', { vendorId: 0x534c, productId: 0x0001 })]));
    await expect(hid).rejects.toMatchObject({ hwRpcError: 'NoTrezorDeviceAvailable', message: expect.stringMatching(/HID/) });
  });

  it('turns a refused claim into a transport error', async () => {
    const sim = simTrezor();
    vi.spyOn(sim.device, 'claimInterface').mockRejectedValue(new DOMException('Unable to claim interface.', 'InvalidStateError'));
    await expect(WebUsbTransport.connect(sim.usb)).rejects.toBeInstanceOf(TrezorTransportError);
  });

  it('rejects a pending read on disconnect and ignores other devices going away', async () => {
    const sim = simTrezor();
    const transport = await WebUsbTransport.connect(sim.usb);
    const read = transport.read();
    sim.usb.unplug(bareDevice('someone else'));
    sim.disconnect();
    await expect(read).rejects.toBeInstanceOf(HwError);
    await expect(read).rejects.toMatchObject({ hwRpcError: 'NoTrezorDeviceAvailable', message: 'Trezor device disconnected' });
    await expect(transport.write({ type: 0, payload: new Uint8Array(0) })).rejects.toMatchObject({ hwRpcError: 'NoTrezorDeviceAvailable' });
  });

  it('treats the disconnect event alone as the end (a transfer that never settles)', async () => {
    const sim = simTrezor();
    const transport = await WebUsbTransport.connect(sim.usb);
    vi.spyOn(sim.device, 'transferIn').mockReturnValue(new Promise(() => undefined));
    const read = transport.read();
    sim.usb.unplug(sim.device);
    await expect(read).rejects.toMatchObject({ hwRpcError: 'NoTrezorDeviceAvailable' });
  });

  it('close releases the interface and closes the device', async () => {
    const sim = simTrezor();
    const transport = await WebUsbTransport.connect(sim.usb);
    await transport.close();
    expect(sim.device.opened).toBe(false);
    await expect(transport.read()).rejects.toMatchObject({ message: 'Trezor connection closed' });
  });
});
