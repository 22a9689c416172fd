import { useRoutes } from 'react-router';
import { routes } from './router';

export function App() {
  return useRoutes(routes);
}
