import { createFileRoute } from '@tanstack/react-router';
import { SettingScreen } from '../../features/account/SettingScreen';
import { requireSession } from '../-lib/guards';

/** /information/setting — settings and logout. */
export const Route = createFileRoute('/information/setting')({
  staticData: { name: 'setting' },
  beforeLoad: requireSession,
  component: SettingScreen,
});
