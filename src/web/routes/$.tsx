import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../features/misc/pages/NotFoundPage';

/** The catch-all (spec: /{error}): every path no other route matches. */
export const Route = createFileRoute('/$')({
  staticData: { name: 'not-found', meta: { public: true, framedWhenSignedIn: true } },
  component: NotFoundPage,
});
