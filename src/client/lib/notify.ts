import { notifications } from '@mantine/notifications';
import { MSG } from '../../shared/messages';

// Mantine's close button has no accessible name of its own (axe: button-name).
const closeButtonProps = { 'aria-label': 'Close notification' };

export const notifySuccess = (message: string = MSG.success) =>
  notifications.show({ message, color: 'green', autoClose: 4000, closeButtonProps });

export const notifyError = (message: string) =>
  notifications.show({ title: 'Error', message, color: 'red', autoClose: 6000, closeButtonProps });
