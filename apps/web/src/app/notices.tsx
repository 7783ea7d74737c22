import { Notifications } from '@mantine/notifications';

/** The notices' container: a chunk of its own, loaded with the first notice (providers.tsx). */
export function Notices() {
  return <Notifications position="top-right" limit={5} />;
}
