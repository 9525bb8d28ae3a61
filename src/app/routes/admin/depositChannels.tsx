import { createFileRoute } from '@tanstack/react-router';
import { AdminDepositChannelsScreen } from '../../features/cash/AdminDepositChannelsScreen';

/** /admin/depositChannels — 入金方法: the operator's bank accounts and USDT address pools users pay in through. */
export const Route = createFileRoute('/admin/depositChannels')({
  staticData: { name: 'adminDepositChannels' },
  component: AdminDepositChannelsScreen,
});
