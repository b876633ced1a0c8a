import { useLocation } from 'react-router';
import { matchRoute, type RouteMatch } from './routes-table';

/** The routes-table entry of the current location (screens use it for their title). */
export function useCurrentRoute(): RouteMatch | undefined {
  return matchRoute(useLocation().pathname);
}
