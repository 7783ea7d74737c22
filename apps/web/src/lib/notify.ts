import { notifications } from '@mantine/notifications';
import { sessionEvents } from './session-events.ts';

/** Notifications, top right, with the spec's lifetimes: success 5 s, error and warning 2 s, others 3 s. */
export const notificationLifetimes = { success: 5000, error: 2000, warning: 2000, info: 3000 } as const;

type Kind = keyof typeof notificationLifetimes;
const colours = { success: 'teal', error: 'red', warning: 'yellow', info: 'blue' } as const satisfies Record<
  Kind,
  string
>;

/**
 * Shows one, unless the session has ended: then the session modal is the one message (spec 1 §8:
 * the 401 clears every notification and the modal appears), and what a screen tells afterwards
 * (a failed list, a projection without its brand's record) would only contradict it.
 */
function show(kind: Kind, message: string) {
  if (sessionEvents.isExpired()) return;
  notifications.show({ message, color: colours[kind], autoClose: notificationLifetimes[kind] });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
  info: (message: string) => show('info', message),
  clearAll: () => notifications.clean(),
};
