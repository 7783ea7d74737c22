import { notifications } from '@mantine/notifications';

/** Notifications, top right, with the spec's lifetimes: success 5 s, error and warning 2 s, others 3 s. */
export const notificationLifetimes = { success: 5000, error: 2000, warning: 2000, info: 3000 } as const;

export const notify = {
  success: (message: string) =>
    notifications.show({ message, color: 'teal', autoClose: notificationLifetimes.success }),
  error: (message: string) =>
    notifications.show({ message, color: 'red', autoClose: notificationLifetimes.error }),
  warning: (message: string) =>
    notifications.show({ message, color: 'yellow', autoClose: notificationLifetimes.warning }),
  info: (message: string) =>
    notifications.show({ message, color: 'blue', autoClose: notificationLifetimes.info }),
  clearAll: () => notifications.clean(),
};
