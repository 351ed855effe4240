import { lazy, Suspense } from 'react';
import { OrdersPage } from '../features/orders/components/OrdersPage';
import { useSession } from '../lib/session';

// A buyer's open recalls (issue 37 §5), fetched after the list's first paint: the features meet here.
const RecallBanner = lazy(async () => ({ default: (await import('../features/trace/components/RecallBanner')).RecallBanner }));

/** /user/orders: the orders, and above them a buyer's recalls still to acknowledge. */
export function UserOrdersPage() {
  const { user } = useSession();
  return (
    <OrdersPage
      notices={
        user?.category === 'client' ? (
          <Suspense fallback={null}>
            <RecallBanner />
          </Suspense>
        ) : null
      }
    />
  );
}
