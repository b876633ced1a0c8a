import { Route, Routes } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { AuthLayout } from './layout/AuthLayout';
import { RouteGate } from './RouteGate';
import { ROUTES, type RouteLayout } from '../shared/routing/routes-table';
import { Screen } from './Screen';

function routesOf(layout: RouteLayout) {
  return ROUTES.filter((r) => r.layout === layout).map((r) => <Route key={r.name} path={r.path} element={<Screen name={r.name} />} />);
}

/** The route table rendered as React Router routes, grouped by layout, all behind the guard. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RouteGate />}>
        <Route element={<AppLayout />}>{routesOf('app')}</Route>
        <Route element={<AuthLayout />}>{routesOf('auth')}</Route>
        {routesOf('blank')}
        <Route path="*" element={<Screen name="page-404" />} />
      </Route>
    </Routes>
  );
}
