import { createFileRoute } from '@tanstack/react-router';
import { LoginDevicesScreen } from '../../features/account/LoginDevicesScreen';
import { requireSession } from '../-lib/guards';

/** /information/loginDevices — login history and devices (ログイン履歴・端末管理). */
export const Route = createFileRoute('/information/loginDevices')({
  staticData: { name: 'loginDevices' },
  beforeLoad: requireSession,
  component: LoginDevicesScreen,
});
