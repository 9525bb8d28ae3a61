import { createFileRoute } from '@tanstack/react-router';
import { ChangeLangScreen } from '../../features/account/ChangeLangScreen';

/** /information/changeLang — jp / en / tw / ko; applies at once and is remembered. */
export const Route = createFileRoute('/information/changeLang')({
  staticData: { name: 'changeLang' },
  component: ChangeLangScreen,
});
