import { DialogBox, type DialogBoxProps } from '../../components/ConfirmDialog';

/**
 * The confirmation of a money command: what will happen, then Cancel / Confirm. While the command
 * runs the buttons are disabled (a second tap cannot send a second request) and Escape does nothing.
 */
export function ActionDialog(props: Omit<DialogBoxProps, 'className' | 'bodyClassName'> & { busy: boolean }) {
  return <DialogBox {...props} className="dialog--wide" bodyClassName="dialog__body--left" />;
}
