import { Suspense } from 'react';
import { LoadingState } from '../shared/ui/StateViews';
import { screenFor } from './screens';

/** A route's lazily loaded screen with a loading state while its chunk arrives. */
export function Screen({ name }: { name: string }) {
  const Component = screenFor(name);
  return (
    <Suspense fallback={<LoadingState />}>
      <Component />
    </Suspense>
  );
}
