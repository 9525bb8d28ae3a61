import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/` → `/login/start` (docs/product.md "Routes"). */
export const Route = createFileRoute('/')({
  staticData: { name: 'root-redirect' },
  beforeLoad: () => {
    throw redirect({ to: '/login/start', replace: true });
  },
});
