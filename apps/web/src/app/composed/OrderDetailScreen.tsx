import { OrderDetailPage } from '../../features/orders/OrderDetailPage';
import { RuleTraces } from '../../features/rules/RuleTraces';

/** /orders/edit/:id: the orders feature's page with the rules' "why this order went where it did". */
export function OrderDetailScreen() {
  return <OrderDetailPage RuleTraces={RuleTraces} />;
}
