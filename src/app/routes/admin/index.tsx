import { createFileRoute, redirect } from '@tanstack/react-router';

/** /admin/ → the user list, the back office's first screen. */
export const Route = createFileRoute('/admin/')({
  staticData: { name: 'adminHome' },
  beforeLoad: () => {
    throw redirect({ to: '/admin/users', replace: true });
  },
});
