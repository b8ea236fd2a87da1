/**
 * Optional system notifications (the Notification API) for the same news as the toasts, while the
 * page is in the background. Off until the user turns them on; permission is asked only then, from
 * that click. The choice is remembered; the browser's permission can still be withdrawn, and then
 * nothing is shown. Plain fields: the settings control reads them again after each call.
 */
import { readSetting, writeSetting } from './localSetting';

const KEY = 'browser-dex:notifications';

/** The parts of the browser the notifications use (injected by tests). */
export interface NotificationHost {
  /** Absent when the browser has no Notification API. */
  Notification?: {
    readonly permission: NotificationPermission;
    requestPermission(): Promise<NotificationPermission>;
    new (title: string, options?: NotificationOptions): unknown;
  };
  /** The page is not shown (another tab, minimized): the toasts would not be seen. */
  hidden(): boolean;
}

function browserHost(): NotificationHost {
  return {
    ...(typeof Notification === 'undefined' ? {} : { Notification }),
    hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  };
}

export class BrowserNotifications {
  /** The user turned them on (and the browser allowed them when asked). */
  enabled = false;
  /** Why they are off although asked for: unsupported or refused by the browser. */
  problem: string | null = null;

  constructor(private readonly host: NotificationHost = browserHost()) {
    const api = host.Notification;
    this.enabled = readSetting(KEY) === '1' && api !== undefined && api.permission === 'granted';
  }

  get supported(): boolean {
    return this.host.Notification !== undefined;
  }

  /** Turns them on: asks the browser's permission (call from a click). */
  async enable(): Promise<boolean> {
    const api = this.host.Notification;
    if (api === undefined) {
      this.problem = 'This browser has no notifications.';
      return false;
    }
    const permission = api.permission === 'granted' ? 'granted' : await api.requestPermission();
    if (permission !== 'granted') {
      this.problem = 'The browser did not allow notifications for this site (see its site settings).';
      this.enabled = false;
      writeSetting(KEY, null);
      return false;
    }
    this.problem = null;
    this.enabled = true;
    writeSetting(KEY, '1');
    return true;
  }

  disable(): void {
    this.enabled = false;
    this.problem = null;
    writeSetting(KEY, null);
  }

  /** Shows a notification when on, allowed, and the page is in the background. */
  show(title: string, body: string, tag?: string): boolean {
    const api = this.host.Notification;
    if (!this.enabled || api === undefined || api.permission !== 'granted' || !this.host.hidden()) return false;
    try {
      new api(title, { body, ...(tag !== undefined ? { tag } : {}) });
      return true;
    } catch {
      // Some browsers allow notifications only from a service worker: the toast remains.
      return false;
    }
  }
}
