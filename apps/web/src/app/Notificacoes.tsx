import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** The toast area, in a chunk of its own: toasts shown before it loads wait in Mantine's store. */
export default function Notificacoes() {
  return <Notifications position="top-right" />;
}
