import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../../../features/misc/pages/NotFoundPage';

export const Route = createFileRoute('/pages/misc/not-found/$error')({
  staticData: { name: 'not-found', meta: { public: true, framedWhenSignedIn: true } },
  component: NotFoundPage,
});
