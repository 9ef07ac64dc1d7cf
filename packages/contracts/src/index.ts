export * from './generated/contracts';
export * from './accounts';
export * from './anvil';
export * from './deploy';
export * from './eip712';
export * from './gas';
export * from './market-wire';
