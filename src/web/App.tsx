import { Link } from './components/Link.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { JoinPage } from './pages/JoinPage.tsx';
import { TablePage } from './pages/TablePage.tsx';
import { parseRoute, usePathname } from './router.ts';

export function App() {
  const route = parseRoute(usePathname());
  switch (route.page) {
    case 'home':
      return <HomePage />;
    case 'join':
      return <JoinPage key={route.tableId} tableId={route.tableId} />;
    case 'table':
      return <TablePage key={route.tableId} tableId={route.tableId} />;
    case 'missing':
      return (
        <main className="page narrow">
          <h1>Nothing here</h1>
          <p>
            There is no page at <code>{route.path}</code>. <Link to="/">Go to the start page</Link>.
          </p>
        </main>
      );
  }
}
