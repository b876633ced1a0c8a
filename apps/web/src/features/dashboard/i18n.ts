import type { FeatureStrings } from '../../shared/routing/screen-map';
import { registerNamespace } from '../../shared/i18n/i18n';
import { dashboardEs } from './i18n-es';

export const dashboardEn = {
  title: 'Dashboard',
  subtitle: 'How the business goes: {{period}}',
  subtitleCompare: 'How the business goes: {{period}}, compared with {{comparison}}',
  utcNote: 'Days are calendar days in UTC.',
  noAccess: 'Your role cannot see the sales figures (they need permission to read orders). The menu has the screens you can use.',
  range: {
    label: 'Date range',
    today: 'Today', yesterday: 'Yesterday', last_7_days: 'Last 7 days', last_30_days: 'Last 30 days', last_90_days: 'Last 90 days',
    last_month: 'Last month', last_year: 'Last year', week: 'This week', month: 'This month', quarter: 'This quarter',
    year_to_date: 'Year to date', custom: 'Custom',
    from: 'From', to: 'To', badOrder: 'The end comes before the start',
    pick: 'Choose both days to see the figures.',
  },
  compare: { label: 'Compare with', previous_period: 'Previous period', previous_year: 'Previous year', none: 'No comparison' },
  currency: 'Currency',
  card: {
    reload: 'Reload {{card}}',
    export: 'Export {{card}} as CSV',
    exportFailed: 'The export failed: {{message}}',
    loading: 'Loading {{card}}…',
    error: 'Could not load {{card}}: {{message}}',
    empty: 'Nothing in this period.',
  },
  cards: {
    sales: 'Sales',
    salesByDay: 'Sales by day',
    'orders-by-status': 'Orders by status',
    'orders-by-channel': 'Orders by channel',
    'orders-by-country': 'Orders by country',
    'orders-by-iloc': 'Orders by iLoc',
    'top-skus': 'Top SKUs',
    'low-stock': 'Low stock',
    'late-shipments': 'Late shipments',
  },
  totals: { revenue: 'Revenue', orders: 'Orders', units: 'Units', average_order_value: 'Average order value' },
  change: {
    up: 'Up {{value}} vs {{against}}',
    down: 'Down {{value}} vs {{against}}',
    flat: 'No change vs {{against}}',
    none: 'No figure for {{against}}',
    previous_period: 'previous period',
    previous_year: 'previous year',
  },
  salesEmpty: 'No sales in this period.',
  chart: { current: 'This period', previous: 'Comparison', revenue: 'Revenue', orders: 'Orders' },
  columns: {
    status: 'Status', channel: 'Channel', country: 'Country', iloc: 'iLoc', orders: 'Orders', revenue: 'Revenue', units: 'Units',
    sku: 'SKU', name: 'Name', available: 'Available', reorderPoint: 'Reorder point', order: 'Order', deliverBy: 'Deliver by',
    fulfillment: 'Fulfillment',
  },
  noCountry: 'No country',
  noChannel: 'No channel',
  status: {
    draft: 'Draft', on_hold: 'On hold', open: 'Open', error: 'Error', closed: 'Closed', cancelled: 'Cancelled',
  },
  fulfillment: {
    unallocated: 'Unallocated', backordered: 'Backordered', partially_allocated: 'Partially allocated', allocated: 'Allocated',
    partially_shipped: 'Partially shipped', shipped: 'Shipped',
  },
  lowStock: { count_one: '{{count}} SKU below its reorder point', count_other: '{{count}} SKUs below their reorder point', empty: 'Nothing below its reorder point.' },
  late: { count_one: '{{count}} late order', count_other: '{{count}} late orders', empty: 'No late shipments.', seeAll: 'See all late orders' },
  topSkusEmpty: 'No SKU sold in this period.',
  seeOrders: 'See the orders',
};

export type DashboardStrings = typeof dashboardEn;

export const dashboardStrings: FeatureStrings = { en: dashboardEn, es: dashboardEs };

// The namespace registers itself with the feature: the screens are lazy, and app/i18n-setup.ts is not this feature's file.
registerNamespace('dashboard', dashboardStrings);
