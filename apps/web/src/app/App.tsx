import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { WagmiProvider } from 'wagmi';
import { wagmiConfig } from '../features/wallet/wallet';
import { queryClient } from '../lib/query-client';
import { createRouter } from './router';

export function App() {
  const [router] = useState(createRouter);
  return (
    <WagmiProvider config={wagmiConfig} reconnectOnMount={false}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </WagmiProvider>
  );
}
