/**
 * Renders a page or component as the app would: a TanStack Query client, a memory router at `path`, and the popup
 * host when the test reads popups. i18n is loaded once for every test (`setup.ts`); a test picks the language.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { isValidElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PopupHost } from '../features/popups/PopupHost';

export interface RenderPageOptions {
  /** The URL the router starts at (default `/`). */
  path?: string;
  /** The query client (default: a fresh one that does not retry). */
  client?: QueryClient;
  /** Also render the popup host (alerts and confirmations). */
  popups?: boolean;
}

/** `page`: one element, or routes as `{ '/NftInfo/:productId': <NftInfo />, '/': <p>home</p> }`. */
export function renderPage(page: ReactNode | Record<string, ReactNode>, o: RenderPageOptions = {}) {
  const client = o.client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const routes = isRouteTable(page) ? (
    <Routes>
      {Object.entries(page).map(([path, element]) => (
        <Route key={path} path={path} element={element} />
      ))}
    </Routes>
  ) : (
    page
  );
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[o.path ?? '/']}>
        {routes}
        {o.popups && <PopupHost />}
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function isRouteTable(page: ReactNode | Record<string, ReactNode>): page is Record<string, ReactNode> {
  return (
    typeof page === 'object' &&
    page !== null &&
    !isValidElement(page) &&
    !Array.isArray(page) &&
    !(Symbol.iterator in page)
  );
}
