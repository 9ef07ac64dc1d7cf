import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/api';
import { createRouter } from './router';

/**
 * No WagmiProvider: nothing renders wagmi hooks; the wallet is driven through `features/wallet/wallet.ts`
 * (wagmi actions), which loads on demand so a first visit does not download wagmi and viem.
 */
export function App() {
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
